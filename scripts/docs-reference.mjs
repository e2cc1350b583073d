// Writes the reference tables of docs/resources.md from the resources' field
// tables (provider/<area>/<kind>/fields.ts), between the markers
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
const tables = {
  Deployment: require(join(root, "dist/provider/deployments/deployment/fields.js")).DEPLOYMENT_FIELDS,
  BulkExportDestination: require(join(root, "dist/provider/exports/destination/fields.js")).DESTINATION_FIELDS,
  BulkExport: require(join(root, "dist/provider/exports/bulkExport/fields.js")).BULK_EXPORT_FIELDS,
};

const file = join(root, "docs/resources.md");
let text = readFileSync(file, "utf8");
for (const [resource, table] of Object.entries(tables)) {
  const open = `<!-- fields:${resource} -->`;
  const close = `<!-- /fields:${resource} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) throw new Error(`docs/resources.md lacks the markers ${open} … ${close}`);
  text = `${text.slice(0, start + open.length)}\n${referenceTable(table)}\n${text.slice(end)}`;
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
