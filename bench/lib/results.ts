/** Writes benchmark results (markdown and JSON) with absolute paths redacted. */
import { mkdirSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { MachineInfo } from "./machine";
import { renderTable, type Table } from "./table";

/** Everything one run produced. */
export interface BenchReport {
  /** The command that produced the results, e.g. `npm run bench`. */
  readonly command: string;
  readonly startedAt: string;
  readonly totalSeconds: number;
  readonly machine: MachineInfo;
  readonly tables: readonly Table[];
  /** Raw data per section (samples, runs). */
  readonly data: Record<string, unknown>;
}

/** Replaces the repository root, home, temp directory and any other absolute path with placeholders. */
export function redactPaths(text: string, repoRoot: string): string {
  const replacements: [string, string][] = [
    [resolve(repoRoot), "<repo>"],
    [tmpdir(), "<tmp>"],
    [homedir(), "<home>"],
  ];
  let out = text;
  for (const [from, to] of replacements) if (from.length > 1) out = out.split(from).join(to);
  return out.replace(/(^|[\s"'(=:])\/(?:[\w.@+-]+\/)+[\w.@+-]*/g, "$1<path>");
}

/** Renders the markdown document. */
export function renderReport(report: BenchReport): string {
  const m = report.machine;
  return [
    "# Benchmark results",
    "",
    `Produced by \`${report.command}\` on ${report.startedAt}, in ${report.totalSeconds.toFixed(0)} s.`,
    "",
    `Machine: ${m.nproc} CPUs (${m.cpuModel}), ${m.memoryGiB} GiB memory, Linux ${m.kernel}; Node.js ${m.node}; Pulumi CLI ${m.pulumi}, @pulumi/pulumi ${m.pulumiSdk}.`,
    "",
    ...report.tables.flatMap((t) => [renderTable(t), ""]),
  ].join("\n");
}

/** Writes `latest.md` and `latest.json` into `dir`; returns their paths. */
export function writeReport(report: BenchReport, dir: string, repoRoot: string): { markdownPath: string; jsonPath: string } {
  mkdirSync(dir, { recursive: true });
  const markdownPath = join(dir, "latest.md");
  const jsonPath = join(dir, "latest.json");
  writeFileSync(markdownPath, redactPaths(renderReport(report), repoRoot));
  writeFileSync(jsonPath, `${redactPaths(JSON.stringify(report, null, 2), repoRoot)}\n`);
  return { markdownPath, jsonPath };
}
