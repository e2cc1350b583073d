/**
 * The two pages the Pulumi Registry lists a package with, rendered from the
 * package schema so they cannot drift from it: the overview (`docs/_index.md`,
 * one short example per language, whose every type and property is looked
 * up in the schema) and installation & configuration
 * (`docs/installation-configuration.md`, every config key with its
 * environment fallback, and the provider's other environment variables).
 * `npm run docs:reference` writes them; tests/unit/registryDocs.test.ts fails
 * when they are out of date.
 */
import { POLL_INTERVAL_ENV } from "../engine/context/settings";
import { packageSchema, type PackageSchema } from "./schema";
import { ALLOW_SERVICE_CHANGE_ENV } from "./serviceChange";

/** One resource of the overview's example: a name, a type and literal or referenced inputs. */
interface ExampleResource {
  readonly name: string;
  readonly type: string;
  /** Inputs: a string, or `{ ref: [resource name, output] }`. */
  readonly inputs: Readonly<Record<string, string | { readonly ref: readonly [string, string] }>>;
}

/** A workspace per environment, with a tag key in it. */
const EXAMPLE: readonly ExampleResource[] = [
  { name: "workspace", type: "Workspace", inputs: { displayName: "agents-dev" } },
  { name: "env", type: "TagKey", inputs: { workspaceId: { ref: ["workspace", "id"] }, key: "env" } },
];

/** Checks the example against the schema: every type and input must exist there. */
function checkedExample(schema: PackageSchema): readonly ExampleResource[] {
  for (const resource of EXAMPLE) {
    const spec = schema.resources[`langsmith:index:${resource.type}`];
    if (spec === undefined) throw new Error(`registry overview: the schema has no resource ${resource.type}`);
    for (const input of Object.keys(resource.inputs)) {
      if (spec.inputProperties[input] === undefined) throw new Error(`registry overview: ${resource.type} has no input ${input}`);
    }
  }
  return EXAMPLE;
}

const camel = (name: string) => name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const pascal = (name: string) => `${name[0]?.toUpperCase() ?? ""}${name.slice(1)}`;

function typescript(resources: readonly ExampleResource[]): string {
  const lines = ['import * as langsmith from "pulumi-langsmith";', ""];
  for (const r of resources) {
    const inputs = Object.entries(r.inputs).map(([k, v]) => `${k}: ${typeof v === "string" ? JSON.stringify(v) : `${camel(v.ref[0])}.${v.ref[1]}`}`);
    lines.push(`const ${camel(r.name)} = new langsmith.${r.type}("${r.name}", { ${inputs.join(", ")} });`);
  }
  return lines.join("\n");
}

function python(resources: readonly ExampleResource[]): string {
  const lines = ["import pulumi_langsmith as langsmith", ""];
  for (const r of resources) {
    const inputs = Object.entries(r.inputs).map(
      ([k, v]) => `${snake(k)}=${typeof v === "string" ? JSON.stringify(v) : `${snake(v.ref[0])}.${snake(v.ref[1])}`}`,
    );
    lines.push(`${snake(r.name)} = langsmith.${r.type}("${r.name}", ${inputs.join(", ")})`);
  }
  return lines.join("\n");
}

function go(resources: readonly ExampleResource[], importPath: string): string {
  const body = resources.map((r) => {
    const inputs = Object.entries(r.inputs).map(
      ([k, v]) => `\t\t\t${pascal(k)}: ${typeof v === "string" ? `pulumi.String(${JSON.stringify(v)})` : `${camel(v.ref[0])}.${pascal(v.ref[1])}`},`,
    );
    return `\t\t${camel(r.name)}, err := langsmith.New${r.type}(ctx, "${r.name}", &langsmith.${r.type}Args{\n${inputs.join("\n")}\n\t\t})\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}`;
  });
  const unused = resources.map((r) => `\t\t_ = ${camel(r.name)}`);
  return `package main\n\nimport (\n\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"\n\t"${importPath}"\n)\n\nfunc main() {\n\tpulumi.Run(func(ctx *pulumi.Context) error {\n${body.join("\n")}\n${unused.join("\n")}\n\t\treturn nil\n\t})\n}`;
}

function csharp(resources: readonly ExampleResource[], namespace: string): string {
  const body = resources.map((r) => {
    const inputs = Object.entries(r.inputs).map(
      ([k, v]) => `        ${pascal(k)} = ${typeof v === "string" ? JSON.stringify(v) : `${camel(v.ref[0])}.${pascal(v.ref[1])}`},`,
    );
    return `    var ${camel(r.name)} = new ${namespace}.${r.type}("${r.name}", new() {\n${inputs.join("\n")}\n    });`;
  });
  return `using Pulumi;\n\nreturn await Deployment.RunAsync(() =>\n{\n${body.join("\n")}\n});`;
}

function yaml(resources: readonly ExampleResource[]): string {
  const lines = ["resources:"];
  for (const r of resources) {
    lines.push(`  ${r.name}:`, `    type: langsmith:${r.type}`, "    properties:");
    for (const [k, v] of Object.entries(r.inputs)) lines.push(`      ${k}: ${typeof v === "string" ? v : `\${${v.ref[0]}.${v.ref[1]}}`}`);
  }
  return lines.join("\n");
}

/** The Registry overview page (`docs/_index.md`). */
export function registryOverview(version: string): string {
  const schema = packageSchema(version);
  const example = checkedExample(schema);
  const go_ = schema.language["go"] as { importBasePath: string };
  const cs = schema.language["csharp"] as { rootNamespace: string };
  const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;
  return [
    "---",
    `title: ${schema.displayName}`,
    `meta_desc: ${schema.description}`,
    "layout: package",
    "---",
    "",
    `<!-- Generated from the package schema by npm run docs:reference; do not edit. -->`,
    "",
    `${schema.description} The provider manages ${Object.keys(schema.resources).length} kinds of LangSmith objects (deployments, bulk exports, workspaces, roles, members, keys, secrets, projects, datasets, rules, alerts, evaluators, prompts, ...) and serves ${Object.keys(schema.functions).length} functions.`,
    "",
    "## Example",
    "",
    "A workspace for an environment, with a resource-tag key in it:",
    "",
    "### TypeScript",
    "",
    fence("typescript", typescript(example)),
    "",
    "### Python",
    "",
    fence("python", python(example)),
    "",
    "### Go",
    "",
    fence("go", go(example, go_.importBasePath)),
    "",
    "### C#",
    "",
    fence("csharp", csharp(example, `${cs.rootNamespace}.${pascal(schema.name)}`)),
    "",
    "### YAML",
    "",
    fence("yaml", yaml(example)),
    "",
    "Installation and configuration: [installation-configuration.md](installation-configuration.md). Every resource and function: [native-reference.md](native-reference.md).",
    "",
  ].join("\n");
}

/** The Registry installation & configuration page (`docs/installation-configuration.md`). */
export function registryInstallation(version: string): string {
  const schema = packageSchema(version);
  const python_ = schema.language["python"] as { packageName: string };
  const go_ = schema.language["go"] as { importBasePath: string };
  const cs = schema.language["csharp"] as { rootNamespace: string };
  const rows = Object.entries(schema.config.variables).map(([key, spec]) => {
    const type = "type" in spec ? spec.type : "object";
    return `| \`langsmith:${key}\` | ${type}${spec.secret === true ? " (secret)" : ""} | ${(spec.description ?? "").replace(/\|/g, "\\|")} |`;
  });
  return [
    "---",
    `title: ${schema.displayName} Installation & Configuration`,
    `meta_desc: How to install the ${schema.displayName} provider and configure its credentials and endpoints.`,
    "layout: package",
    "---",
    "",
    `<!-- Generated from the package schema by npm run docs:reference; do not edit. -->`,
    "",
    "## Installation",
    "",
    `Install the SDK for your language; the engine installs the provider's plugin, \`pulumi-resource-${schema.name}\` (version ${version}), on the first \`pulumi preview\`, from ${schema.pluginDownloadURL !== undefined ? `\`${schema.pluginDownloadURL}\`` : "the engine's default sources"} (the schema's \`pluginDownloadURL\`, which every SDK carries). The plugin runs on Node.js 20 or later.`,
    "",
    "| language | package |",
    "|---|---|",
    "| Node.js (TypeScript, JavaScript) | `npm install pulumi-langsmith @pulumi/pulumi` (the native classes are its default export) |",
    `| Python | \`pip install ${python_.packageName}\` |`,
    `| Go | \`go get ${go_.importBasePath}@v${version}\` |`,
    `| .NET | \`${cs.rootNamespace}.${schema.name.charAt(0).toUpperCase()}${schema.name.slice(1)}\` |`,
    `| YAML | no package: the types are \`${schema.name}:<Type>\`; the release's \`${schema.name}-${version}.yaml\` declaration in the project names the plugin's version and address |`,
    "",
    "Without network access, install the plugin's archive by hand (`pulumi plugin install resource langsmith <version> --file <archive>`, or vendor it into a project), or point the engine at a mirror with `PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES`: see [native.md](native.md#install).",
    "",
    "## Configuration",
    "",
    "Credentials and endpoints are stack configuration (`pulumi config set langsmith:<key> <value>`, secrets with `--secret`), or an explicit `langsmith.Provider` with the same keys as inputs; each falls back to the environment variable named beside it.",
    "",
    "| key | type | description |",
    "|---|---|---|",
    ...rows,
    "",
    "Other environment variables the provider reads:",
    "",
    "| variable | what it does |",
    "|---|---|",
    `| \`${POLL_INTERVAL_ENV.min}\`, \`${POLL_INTERVAL_ENV.max}\` | bounds of revision polling, in milliseconds (for emulators whose revisions finish in seconds) |`,
    `| \`${ALLOW_SERVICE_CHANGE_ENV}\` | \`1\` lets a stack's resolved service URLs change when the service itself moved (see [native.md](native.md#changing-the-service-a-stack-points-at)) |`,
    "",
  ].join("\n");
}
