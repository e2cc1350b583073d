// Writes the reference tables of docs/resources.md from the resources' field
// tables (each registered kind's fields, provider/registry/index.ts), between the markers
// <!-- fields:<Resource> --> and <!-- /fields:<Resource> -->, and
// docs/native-reference.md from the native provider's schema.
// Run through `npm run docs:reference` (builds first); unit tests fail
// when the docs are out of date.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const { referenceTable } = require(join(root, "dist/provider/engine/fields/fields.js"));
const { KINDS } = require(join(root, "dist/provider/registry/index.js"));

const file = join(root, "docs/resources.md");
let text = readFileSync(file, "utf8");
// Every registered kind whose section in docs/resources.md has the markers gets its table there
// (the first three kinds); every kind has its full reference in docs/native-reference.md.
for (const kind of KINDS) {
  const resource = kind.token.split(":")[2];
  const open = `<!-- fields:${resource} -->`;
  const close = `<!-- /fields:${resource} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0) continue;
  if (end < start) throw new Error(`docs/resources.md has ${open} without ${close}`);
  text = `${text.slice(0, start + open.length)}\n${referenceTable(kind.load().fields)}\n${text.slice(end)}`;
}
writeFileSync(file, text);
console.log("docs/resources.md: reference tables written from the field tables");

const { schemaReference } = require(join(root, "dist/provider/native/schemaReference.js"));
const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
writeFileSync(join(root, "docs/native-reference.md"), schemaReference(version));
console.log("docs/native-reference.md: written from the native provider's schema");

const { registryOverview, registryInstallation } = require(join(root, "dist/provider/native/registryDocs.js"));
writeFileSync(join(root, "docs/_index.md"), registryOverview(version));
writeFileSync(join(root, "docs/installation-configuration.md"), registryInstallation(version));
console.log("docs/_index.md, docs/installation-configuration.md: the Registry's pages, written from the schema");

// docs/terraform.md: the comparison with the Terraform providers, from their facts, our mapping and the schema.
const { comparison } = require(join(root, "scripts/lib/terraformComparison.cjs"));
const { packageSchema } = require(join(root, "dist/provider/native/schema.js"));
const readJson = (name) => JSON.parse(readFileSync(join(root, "docs", name), "utf8"));
const compared = comparison(readJson("terraform-facts.json"), readJson("terraform-mapping.json"), packageSchema(version));
writeFileSync(join(root, "docs/terraform.md"), compared.markdown);
console.log(
  `docs/terraform.md: written from the Terraform facts and our mapping${compared.problems.length > 0 ? ` (${compared.problems.length} problems: tests/unit/terraformComparison.test.ts names them)` : ""}`,
);
