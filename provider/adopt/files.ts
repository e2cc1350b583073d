/**
 * The files `adopt` writes: the program in the chosen language (with its
 * project file), the import plan (Pulumi's bulk import file, every resource
 * by the id form its kind's import takes), and the report of what was found,
 * what was left out and why, and the secrets to set.
 */
import type { PackageSchema } from "../native/schema";
import type { Inventory } from "./inventory";
import type { AdoptedProgram } from "./program";
import { pythonProgram } from "./emit/python";
import { typescriptProgram } from "./emit/typescript";
import { className } from "./emit/values";
import { yamlProgram } from "./emit/yaml";

/** The languages `adopt` writes a program in. */
export const ADOPT_LANGUAGES = ["typescript", "python", "yaml"] as const;
/** A language `adopt` writes a program in. */
export type AdoptLanguage = (typeof ADOPT_LANGUAGES)[number];

/** The import plan's name; `pulumi import --file <it> --generate-code=false` takes it. */
export const PLAN_FILE = "import.json";
/** The report's name. */
export const REPORT_FILE = "ADOPTED.md";

/** The program's files for `language`, by name. */
export function programFiles(
  program: AdoptedProgram,
  language: AdoptLanguage,
  project: string,
  schema: PackageSchema,
  version: string,
): Record<string, string> {
  switch (language) {
    case "yaml":
      return {
        "Pulumi.yaml": yamlProgram(program, project),
        [`langsmith-${version}.yaml`]: `packageDeclarationVersion: 1\nname: langsmith\nversion: ${version}\ndownloadUrl: ${String(schema.pluginDownloadURL ?? "")}\n`,
      };
    case "python":
      return {
        "Pulumi.yaml": `name: ${project}\nruntime:\n  name: python\n  options:\n    virtualenv: venv\ndescription: The LangSmith organization, adopted by pulumi-langsmith adopt.\n`,
        "__main__.py": pythonProgram(program, schema),
        "requirements.txt": `pulumi>=3.231.0,<4.0.0\npulumi_langsmith==${version}\n`,
      };
    case "typescript":
      return {
        "Pulumi.yaml": `name: ${project}\nruntime: nodejs\ndescription: The LangSmith organization, adopted by pulumi-langsmith adopt.\n`,
        "index.ts": typescriptProgram(program),
        "package.json": `${JSON.stringify({ name: project, private: true, main: "index.ts", dependencies: { "@pulumi/pulumi": "^3.248.0", "pulumi-langsmith": `^${version}` }, devDependencies: { typescript: "^5.9.0" } }, null, 2)}\n`,
      };
  }
}

/** Pulumi's bulk import file: every resource, by its program name and the id its kind's import takes. */
export function importPlan(program: AdoptedProgram): string {
  return `${JSON.stringify({ resources: program.resources.map((resource) => ({ type: resource.token, name: resource.name, id: resource.importId })) }, null, 2)}\n`;
}

/** The report: what was found by kind, the secrets to set, what was left out and why, and the steps. */
export function adoptionReport(inventory: Inventory, program: AdoptedProgram, language: AdoptLanguage): string {
  const counts = new Map<string, number>();
  for (const resource of program.resources) counts.set(className(resource.token), (counts.get(className(resource.token)) ?? 0) + 1);
  const lines = [
    "# The adopted organization",
    "",
    `${program.resources.length} objects, written as a ${language} program; ${PLAN_FILE} imports them.`,
    "",
    "| kind | objects |",
    "|---|---|",
    ...[...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([kind, count]) => `| ${kind} | ${count} |`),
    "",
    "## Next",
    "",
    "```sh",
    ...program.secrets.map((secret) => `pulumi config set --secret ${secret.configKey} <value>   # ${secret.resource}: ${secret.input}`),
    `pulumi import --file ${PLAN_FILE} --generate-code=false --protect=false`,
    "pulumi preview   # only the secrets' updates: the service never returns them",
    "pulumi up",
    "```",
    "",
  ];
  if (program.unknownSecrets.length > 0) {
    lines.push(
      "## Secrets the service cannot show",
      "",
      "These optional secret inputs may be set on the service; if so, add them to the program:",
      "",
      ...program.unknownSecrets.map((s) => `- ${s.resource}: ${s.input}`),
      "",
    );
  }
  lines.push("## Left out", "", ...(inventory.leftOut.length === 0 ? ["Nothing."] : inventory.leftOut.map((left) => `- ${left.what}: ${left.why}`)), "");
  lines.push("Built-in roles, personal workspaces and the service's own objects are not the program's: the kinds' listings leave them out.", "");
  return lines.join("\n");
}
