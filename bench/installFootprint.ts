/**
 * Install footprint: what `npm install pulumi-langsmith` adds to a Pulumi
 * program. Four empty programs (`npm init -y`) get, from the registry or the
 * npm cache, `@pulumi/pulumi` alone; this package's `npm pack` tarball plus
 * `@pulumi/pulumi` (a program on the native classes); the same plus axios
 * and zod (a program on the dynamic classes, which need them as optional
 * peer dependencies); and the emulator package's tarball alone (for
 * reference). Target: for a native program the package adds at most
 * {@link FOOTPRINT_TARGET_MB} MB over `@pulumi/pulumi` alone.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixed } from "./lib/stats";
import type { Table } from "./lib/table";

/** Most megabytes the package may add to a native-class program that has `@pulumi/pulumi`. */
export const FOOTPRINT_TARGET_MB = 3;
/** The `@pulumi/pulumi` every program installs (the pinned SDK). */
export const PULUMI_SDK = "@pulumi/pulumi@3.248.0";

/** One program's node_modules after `npm install`. */
export interface InstallMeasure {
  readonly label: string;
  /** What was passed to `npm install`, tarball paths shown by file name. */
  readonly installed: readonly string[];
  /** `du -sk node_modules`, in MB of 1024 KiB (what `du -sm` counts). */
  readonly megabytes: number;
  /** Entries directly in node_modules (a scope directory counts once). */
  readonly topLevelEntries: number;
  /** Every package in the program's package-lock.json (nested ones included). */
  readonly packages: number;
}

/** The figures of one run. */
export interface InstallFootprint {
  readonly baseline: InstallMeasure;
  readonly withProvider: InstallMeasure;
  /** The package, `@pulumi/pulumi`, axios and zod: what a dynamic-class program installs. */
  readonly withDynamic: InstallMeasure;
  readonly emulatorAlone: InstallMeasure;
  /** MB the provider package adds over `@pulumi/pulumi` alone. */
  readonly addedMegabytes: number;
  readonly targetMegabytes: number;
  readonly met: boolean;
  /** Largest top-level entries present only with the provider package, MB. */
  readonly largestAdditions: readonly { readonly name: string; readonly megabytes: number }[];
}

/** Options of {@link runInstallFootprint}. */
export interface InstallFootprintOptions {
  readonly repoRoot: string;
  readonly onProgress?: (line: string) => void;
  /** Keep the temporary programs (for inspection). */
  readonly keep?: boolean;
}

const npmQuiet = ["--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];

function run(command: string, args: readonly string[], cwd: string): string {
  try {
    return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  } catch (error) {
    const stdout = String((error as { stdout?: unknown }).stdout ?? "").trim();
    throw new Error(`${command} ${args.join(" ")} failed${stdout ? `:\n${stdout}` : ""}`);
  }
}

function kilobytes(path: string): number {
  return Number(run("du", ["-sk", path], ".").split(/\s/)[0]);
}

function topLevelEntries(nodeModules: string): string[] {
  const names: string[] = [];
  for (const name of readdirSync(nodeModules)) {
    if (name.startsWith(".")) continue;
    if (name.startsWith("@")) for (const inner of readdirSync(join(nodeModules, name))) names.push(`${name}/${inner}`);
    else names.push(name);
  }
  return names;
}

function packTarball(repoRoot: string, destination: string, workspace?: string): string {
  const args = ["pack", "--silent", "--pack-destination", destination, ...(workspace ? ["--workspace", workspace] : [])];
  const name = run("npm", args, repoRoot).trim().split("\n").pop() ?? "";
  const path = join(destination, name);
  if (!name.endsWith(".tgz") || !existsSync(path)) throw new Error(`npm pack wrote no tarball (${name})`);
  return path;
}

/** `axios@<v>` and `zod@<v>` as this checkout has them installed. */
function dynamicPeers(repoRoot: string): string[] {
  return ["axios", "zod"].map(
    (name) => `${name}@${(JSON.parse(readFileSync(join(repoRoot, "node_modules", name, "package.json"), "utf8")) as { version: string }).version}`,
  );
}

function installInto(dir: string, label: string, specs: readonly string[]): InstallMeasure {
  mkdirSync(dir, { recursive: true });
  run("npm", ["init", "-y"], dir);
  run("npm", ["install", ...npmQuiet, ...specs], dir);
  const nodeModules = join(dir, "node_modules");
  const lock = JSON.parse(readFileSync(join(dir, "package-lock.json"), "utf8")) as { packages: Record<string, unknown> };
  return {
    label,
    installed: specs.map((s) => (s.endsWith(".tgz") ? s.slice(s.lastIndexOf("/") + 1) : s)),
    megabytes: kilobytes(nodeModules) / 1024,
    topLevelEntries: readdirSync(nodeModules).filter((n) => !n.startsWith(".")).length,
    packages: Object.keys(lock.packages).filter((k) => k.startsWith("node_modules/")).length,
  };
}

/**
 * Builds and packs both packages, installs them into empty programs and
 * measures node_modules. Needs the registry (or a warm npm cache).
 */
export function runInstallFootprint(options: InstallFootprintOptions): InstallFootprint {
  const log = options.onProgress ?? (() => undefined);
  const root = mkdtempSync(join(tmpdir(), "pulumi-langsmith-footprint-"));
  try {
    log("install footprint: building and packing both packages");
    run("npm", ["run", "--silent", "build"], options.repoRoot);
    const provider = packTarball(options.repoRoot, root);
    const emulator = packTarball(options.repoRoot, root, "pulumi-langsmith-emulator");
    log(`install footprint: installing ${PULUMI_SDK} alone`);
    const baseline = installInto(join(root, "baseline"), `${PULUMI_SDK} alone`, [PULUMI_SDK]);
    log(`install footprint: installing pulumi-langsmith and ${PULUMI_SDK}`);
    const withProvider = installInto(join(root, "provider"), `pulumi-langsmith + ${PULUMI_SDK}`, [provider, PULUMI_SDK]);
    log(`install footprint: installing pulumi-langsmith, ${PULUMI_SDK}, axios and zod`);
    const withDynamic = installInto(join(root, "dynamic"), `pulumi-langsmith + ${PULUMI_SDK} + axios + zod (dynamic classes)`, [
      provider,
      PULUMI_SDK,
      ...dynamicPeers(options.repoRoot),
    ]);
    log("install footprint: installing pulumi-langsmith-emulator alone");
    const emulatorAlone = installInto(join(root, "emulator"), "pulumi-langsmith-emulator alone", [emulator]);
    const before = new Set(topLevelEntries(join(root, "baseline", "node_modules")));
    const largestAdditions = topLevelEntries(join(root, "provider", "node_modules"))
      .filter((name) => !before.has(name))
      .map((name) => ({ name, megabytes: kilobytes(join(root, "provider", "node_modules", name)) / 1024 }))
      .sort((a, b) => b.megabytes - a.megabytes)
      .slice(0, 5);
    const addedMegabytes = withProvider.megabytes - baseline.megabytes;
    return {
      baseline,
      withProvider,
      withDynamic,
      emulatorAlone,
      addedMegabytes,
      targetMegabytes: FOOTPRINT_TARGET_MB,
      met: addedMegabytes <= FOOTPRINT_TARGET_MB,
      largestAdditions,
    };
  } finally {
    if (options.keep) log(`install footprint: programs kept in ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}

/** The footprint table, with the verdict against the target in its notes. */
export function installFootprintTables(result: InstallFootprint): Table[] {
  const base = result.baseline;
  const row = (m: InstallMeasure, compare: boolean): string[] => [
    m.label,
    fixed(m.megabytes, 1),
    String(m.topLevelEntries),
    String(m.packages),
    compare
      ? `+${fixed(m.megabytes - base.megabytes, 1)} MB (${fixed(m.megabytes / base.megabytes)}x), +${m.topLevelEntries - base.topLevelEntries} entries`
      : "",
  ];
  return [
    {
      title: "Install footprint: node_modules of an empty program",
      headers: ["installed", "MB", "top-level entries", "packages", "vs @pulumi/pulumi alone"],
      rows: [row(base, false), row(result.withProvider, true), row(result.withDynamic, true), row(result.emulatorAlone, false)],
      notes: [
        `Target: for a program on the native classes, pulumi-langsmith adds at most ${result.targetMegabytes} MB over ${PULUMI_SDK} alone. Added: ${fixed(result.addedMegabytes, 1)} MB: ${result.met ? "met" : "NOT met"} (${fixed(result.targetMegabytes - result.addedMegabytes, 1)} MB to spare).`,
        `Largest additions: ${result.largestAdditions.map((a) => `${a.name} ${fixed(a.megabytes, 1)} MB`).join(", ")}.`,
        "Each program starts from `npm init -y`; the packages are this repository's `npm pack` tarballs; sizes are `du -sk node_modules` in MB of 1024 KiB; top-level entries count a scope directory once; packages are the entries of the program's package-lock.json.",
      ],
    },
  ];
}
