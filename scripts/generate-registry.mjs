// Writes provider/registry/generated.ts, the one table of the kinds the
// provider serves, from the kinds' own declarations: every module under an
// area folder (provider/deployments, exports, organization, tracing) that
// exports a resource whose declaration names its type token
// (`token: "langsmith:index:Project"`, or a constant of the same folder
// holding it). The schema, the plugin's lazy loaders, the reference docs, the
// SDKs and the bench floor plugin all read that table (provider/registry/index.ts),
// so adding a kind is adding its declaration file.
//
// Reads the sources as text (no type-check), so it takes well under a second;
// `npm run build` runs it first. `--check` writes nothing and exits 1 when the
// committed table is not what the declarations say (tests/unit/registry.test.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const provider = join(root, "provider");
/** The areas, in schema order: the same as contract/ and docs/. */
const AREAS = ["deployments", "exports", "organization", "tracing"];
const TOKEN = /^langsmith:index:[A-Z][A-Za-z]+$/;
const target = join(provider, "registry", "generated.ts");

/** Every .ts file under `dir`. */
function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith(".ts") ? [path] : [];
  });
}

/** String constants (`const NAME = "..."`) declared at the top of a file. */
function constants(file) {
  const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
  const found = new Map();
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer !== undefined && ts.isStringLiteral(declaration.initializer))
        found.set(declaration.name.text, declaration.initializer.text);
    }
  }
  return found;
}

/** The object literal that declares a resource: `{ token, ... }` itself, or the one argument of a call (`declareKind({ ... })`). */
function declarationObject(initializer) {
  let node = initializer;
  while (ts.isSatisfiesExpression(node) || ts.isAsExpression(node) || ts.isParenthesizedExpression(node)) node = node.expression;
  if (ts.isObjectLiteralExpression(node)) return node;
  if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isObjectLiteralExpression(node.arguments[0])) return node.arguments[0];
  return undefined;
}

/** The exported resources of one module: export name and type token. */
function declaredKinds(file, folderConstants) {
  const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
  const kinds = [];
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.initializer === undefined) continue;
      const object = declarationObject(declaration.initializer);
      const tokenProperty = object?.properties.find((p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === "token");
      if (tokenProperty === undefined) continue;
      const value = tokenProperty.initializer;
      const token = ts.isStringLiteral(value) ? value.text : ts.isIdentifier(value) ? folderConstants.get(value.text) : undefined;
      if (token === undefined || !TOKEN.test(token))
        throw new Error(
          `${relative(root, file)}: ${declaration.name.text}'s token must be a string literal (or a constant of its folder) like "langsmith:index:Name"`,
        );
      kinds.push({ exportName: declaration.name.text, token });
    }
  }
  return kinds;
}

const kinds = [];
for (const area of AREAS) {
  const files = sources(join(provider, area));
  const byFolder = new Map();
  for (const file of files) {
    const folder = dirname(file);
    if (!byFolder.has(folder)) byFolder.set(folder, new Map());
    for (const [name, value] of constants(file)) byFolder.get(folder).set(name, value);
  }
  for (const file of files) {
    // A constant of the module itself first, then one of its folder (a token kept beside the operations).
    for (const kind of declaredKinds(file, new Map([...byFolder.get(dirname(file)), ...constants(file)]))) {
      kinds.push({ ...kind, area, module: "./" + relative(provider, file).replace(/\\/g, "/").replace(/\.ts$/, "") });
    }
  }
}
const tokens = kinds.map((kind) => kind.token);
const twice = tokens.filter((token, i) => tokens.indexOf(token) !== i);
if (twice.length > 0) throw new Error(`generate-registry: declared twice: ${twice.join(", ")}`);
kinds.sort((a, b) => AREAS.indexOf(a.area) - AREAS.indexOf(b.area) || a.token.localeCompare(b.token));

/** A module path relative to provider/ (`./tracing/project`) as the registry folder requires it (`../tracing/project`). */
function fromRegistry(module) {
  return `.${module}`;
}

const lines = kinds.map(
  (kind) =>
    `  { token: "${kind.token}", area: "${kind.area}", module: "${kind.module}", load: () => (require("${fromRegistry(kind.module)}") as typeof import("${fromRegistry(kind.module)}")).${kind.exportName} },`,
);
const text = `/**
 * Every kind the provider serves, by type token: written by
 * scripts/generate-registry.mjs from the kinds' declarations (\`npm run
 * build\` runs it). Do not edit; read it through ./index.ts.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import type { RegisteredKind } from "../engine/resource";

/** The kinds, by area (deployments, exports, organization, tracing), then by token. Each module loads on its kind's first call. */
export const GENERATED_KINDS: readonly RegisteredKind[] = [
${lines.join("\n")}
];
`;

if (process.argv.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(target, "utf8");
  } catch {
    // missing: out of date
  }
  if (current !== text) {
    console.error("provider/registry/generated.ts is out of date: run `node scripts/generate-registry.mjs`");
    process.exit(1);
  }
  console.log(`provider/registry/generated.ts: ${kinds.length} kinds, up to date`);
} else {
  writeFileSync(target, text);
  console.log(`provider/registry/generated.ts: ${kinds.length} kinds`);
}
