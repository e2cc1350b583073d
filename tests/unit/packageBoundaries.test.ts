// The emulator and the policy pack are npm packages of their own
// (packages/emulator, packages/policy, npm workspaces of the repository): the
// provider package every Pulumi program installs carries none of their
// dependencies, and the emulator imports nothing from the provider or the
// SDK (it is the other side of the wire). The provider package's one command
// is `pulumi-langsmith` (adopt).
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative, resolve } from "node:path";

const root = join(__dirname, "..", "..");
const emulatorRoot = join(root, "packages", "emulator");
const emulatorSrc = join(emulatorRoot, "src");

interface PackageJson {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  workspaces?: string[];
  bin?: Record<string, string>;
  files?: string[];
  exports?: Record<string, unknown>;
}

function readPackage(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as PackageJson;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Module specifiers of every import, export-from and require in `file`. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|\s)(?:import|export)\s[^;]*?from\s+"([^"]+)"|(?:^|\s)import\s+"([^"]+)"|require\("([^"]+)"\)|import\("([^"]+)"\)/gm)) {
    found.push((m[1] ?? m[2] ?? m[3] ?? m[4]) as string);
  }
  return found;
}

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string);
}

describe("package boundaries", () => {
  const rootPackage = readPackage(root);
  const emulatorPackage = readPackage(emulatorRoot);

  it("the root package declares the emulator and the policy pack as workspaces and ships none of them", () => {
    const policyPackage = readPackage(join(root, "packages", "policy"));
    expect(rootPackage.workspaces).toEqual(["packages/emulator", "packages/policy"]);
    expect(emulatorPackage.name).toBe("pulumi-langsmith-emulator");
    expect(emulatorPackage.bin).toEqual({ "pulumi-langsmith-emulator": "dist/cli.js" });
    expect(policyPackage.name).toBe("pulumi-langsmith-policy");
    expect(rootPackage.bin).toEqual({ "pulumi-langsmith": "dist/bin/pulumi-langsmith.js" });
    expect(Object.keys(rootPackage.exports ?? {}).filter((k) => k.includes("emulator") || k.includes("policy"))).toEqual([]);
    expect(rootPackage.files?.some((f) => f === "dist/" || f === "dist" || f.includes("emulator") || f.includes("policy"))).toBe(false);
  });

  it("the root package's runtime dependencies exclude the emulator's server and S3 SDK", () => {
    const runtime = Object.keys(rootPackage.dependencies ?? {});
    expect(runtime).not.toContain("fastify");
    expect(runtime).not.toContain("@aws-sdk/client-s3");
    expect(runtime).not.toContain("pulumi-langsmith-emulator");
    expect(runtime).not.toContain("@pulumi/policy");
  });

  it("the emulator imports only its own files, Node.js built-ins and its declared dependencies", () => {
    const declared = new Set(Object.keys(emulatorPackage.dependencies ?? {}));
    const builtins = new Set(builtinModules);
    const problems: string[] = [];
    const used = new Set<string>();
    for (const file of sourceFiles(emulatorSrc)) {
      for (const spec of specifiers(file)) {
        const where = relative(root, file);
        if (spec.startsWith(".")) {
          const target = resolve(file, "..", spec);
          if (relative(emulatorSrc, target).startsWith("..")) problems.push(`${where}: ${spec} leaves packages/emulator/src`);
        } else if (spec.startsWith("node:") || builtins.has(spec)) {
          continue;
        } else {
          used.add(packageName(spec));
          if (!declared.has(packageName(spec))) problems.push(`${where}: ${spec} is not in the emulator's dependencies`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect([...used].sort()).toEqual([...declared].sort());
  });

  it("the provider and the SDK import nothing from the emulator", () => {
    const offenders = ["provider", "sdk"]
      .flatMap((dir) => sourceFiles(join(root, dir)))
      .filter((file) => specifiers(file).some((spec) => spec.includes("emulator")))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });
});
