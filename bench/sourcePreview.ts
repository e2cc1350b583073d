/**
 * The no-change preview of a stack holding one Deployment shipped from a
 * source directory (issue 45's bench row): the generated tree of
 * sourcePacking.ts (10,000 files, 50 MB), the same YAML program on our
 * plugin (against an emulator) and on the floor plugin
 * (bench/floorPlugin/: every call answered at once), and beside them the
 * same Deployment from GitHub on ours (no archive: what the archive costs
 * the engine shows as the difference). Both engines hash the archive
 * themselves (Pulumi's own archive hash); what ours adds is its Check and
 * Diff. Each stack is created first, then the previews run in rotating
 * order, and the ratio ours / floor of each repetition is reported with its
 * median. Target: at most 1.05.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulatorStack } from "../tests/helpers/emulatorStack";
import { installNativePlugin } from "../tests/helpers/nativePlugin";
import { createPulumiProject, type PulumiProject } from "../tests/helpers/pulumiProject";
import { installFloorPlugin } from "./lib/floorPlugin";
import { fixed, max, median, min } from "./lib/stats";
import type { Table } from "./lib/table";
import { timedRun } from "./lib/timedRun";
import { generateTree } from "./sourcePacking";

/** Most no-change preview time of the source deployment's stack, ours / floor. */
export const SOURCE_PREVIEW_TARGET_RATIO = 1.05;

/** The figures of one run, in milliseconds. */
export interface SourcePreviewResult {
  readonly files: number;
  readonly totalBytes: number;
  /** Our create up (packing, upload, the revision's wait), once. */
  readonly createUpMs: number;
  /** One per repetition: ours, the floor, and ours previewing the same Deployment from GitHub (no archive: what the archive adds is the difference). */
  readonly samples: readonly { readonly oursMs: number; readonly floorMs: number; readonly githubMs: number }[];
}

/** The YAML program: one Deployment whose source is the directory `tree`. */
function program(tree: string): string {
  return `
resources:
  agent:
    type: langsmith:index:Deployment
    properties:
      name: bench-source-agent
      source: internal_source
      sourceArchive:
        fn::fileArchive: ${tree}
`;
}

/** The same deployment from a GitHub repository: no archive to check. */
const GITHUB_PROGRAM = `
resources:
  agent:
    type: langsmith:index:Deployment
    properties:
      name: bench-github-agent
      source: github
      sourceConfig:
        integrationId: 5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01
        repoUrl: https://github.com/acme/agent
        deploymentType: dev
      sourceRevisionConfig:
        repoRef: main
        graphConfigPath: langgraph.json
`;

/** Generates the tree, creates the stack on each plugin, then times `repetitions` no-change previews of each, interleaved. */
export async function runSourcePreview(options: {
  readonly files: number;
  readonly totalBytes: number;
  readonly repetitions: number;
  readonly seed: number;
  readonly onProgress?: (line: string) => void;
}): Promise<SourcePreviewResult> {
  const work = mkdtempSync(join(tmpdir(), "source-preview-"));
  const stack = await startEmulatorStack();
  const projects: PulumiProject[] = [];
  try {
    const tree = join(work, "tree");
    mkdirSync(tree);
    generateTree(tree, options.files, options.totalBytes, options.seed);
    const ours = await createPulumiProject({ name: "source-preview", runtime: "yaml", program: program(tree), config: stack.config, env: stack.env });
    projects.push(ours);
    await installNativePlugin(ours);
    const floor = await createPulumiProject({ name: "source-preview", runtime: "yaml", program: program(tree), config: stack.config, env: stack.env });
    projects.push(floor);
    await installFloorPlugin(floor, join(work, "floor-plugin"));
    const github = await createPulumiProject({ name: "github-preview", runtime: "yaml", program: GITHUB_PROGRAM, config: stack.config, env: stack.env });
    projects.push(github);
    await installNativePlugin(github);
    const created = await timedRun("create up of the source deployment on ours", () => ours.up());
    await timedRun("create up of the source deployment on the floor", () => floor.up());
    await timedRun("create up of the GitHub deployment on ours", () => github.up());
    options.onProgress?.(`source preview: created on ours in ${fixed(created.wallMs / 1000, 1)} s`);
    const samples: { oursMs: number; floorMs: number; githubMs: number }[] = [];
    const rotation = [ours, floor, github];
    for (let rep = 0; rep < options.repetitions; rep += 1) {
      const order = [...rotation.slice(rep % 3), ...rotation.slice(0, rep % 3)];
      const times = new Map<PulumiProject, number>();
      for (const project of order) {
        const run = await timedRun(`no-change preview ${rotation.indexOf(project)}`, () => project.preview(["--expect-no-changes"]));
        times.set(project, run.wallMs);
      }
      samples.push({ oursMs: times.get(ours) ?? 0, floorMs: times.get(floor) ?? 0, githubMs: times.get(github) ?? 0 });
    }
    options.onProgress?.(`source preview: ${options.repetitions} repetitions done`);
    return { files: options.files, totalBytes: options.totalBytes, createUpMs: created.wallMs, samples };
  } finally {
    for (const project of projects) project.cleanup();
    await stack.emulator.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The source-preview table. */
export function sourcePreviewTables(result: SourcePreviewResult): Table[] {
  const ratios = result.samples.map((s) => s.oursMs / s.floorMs);
  const githubRatios = result.samples.map((s) => s.githubMs / s.floorMs);
  const ms = (values: readonly number[]): string[] => [fixed(median(values), 0), fixed(min(values), 0), fixed(max(values), 0)];
  const ratio = median(ratios);
  return [
    {
      title: `No-change preview of one source deployment (${result.files} files, ${fixed(result.totalBytes / 1_000_000, 1)} MB), ours / floor`,
      headers: ["plugin", "median ms", "min ms", "max ms"],
      rows: [
        ["ours", ...ms(result.samples.map((s) => s.oursMs))],
        ["floor", ...ms(result.samples.map((s) => s.floorMs))],
        ["ours, the same Deployment from GitHub (no archive)", ...ms(result.samples.map((s) => s.githubMs))],
        ["ratio ours / floor", fixed(ratio, 3), fixed(min(ratios), 3), fixed(max(ratios), 3)],
        ["ratio GitHub on ours / floor", fixed(median(githubRatios), 3), fixed(min(githubRatios), 3), fixed(max(githubRatios), 3)],
      ],
      notes: [
        `Target: at most ${SOURCE_PREVIEW_TARGET_RATIO} (${ratio <= SOURCE_PREVIEW_TARGET_RATIO ? "met" : "MISSED"}). ${result.samples.length} repetitions, the three stacks in rotating order; our create up took ${fixed(result.createUpMs / 1000, 1)} s.`,
        "Both engines hash the archive (Pulumi's own archive hash); an unchanged hash spares our Check any file read, so what ours adds is its Check and Diff.",
      ],
    },
  ];
}
