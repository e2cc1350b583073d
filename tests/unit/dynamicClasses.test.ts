// The dynamic classes (pulumi-langsmith/dynamic) register their outputs from
// the resource's own output list (provider/<resource>/outputs.ts) and declare
// a typed property for each, so the two providers of a resource cannot drift
// apart (the dynamic Deployment once lacked the revisionTimings output the
// docs promised).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { resource as bulkExport } from "../../provider/exports/bulkExport/resource";
import { resource as deployment } from "../../provider/deployments/deployment/resource";
import { resource as destination } from "../../provider/exports/destination/resource";

const sdk = (file: string) => readFileSync(join(__dirname, "..", "..", "sdk", "dynamic", file), "utf8");

describe.each([
  ["Deployment", deployment, "deployment.ts"],
  ["BulkExportDestination", destination, "bulkExportDestination.ts"],
  ["BulkExport", bulkExport, "bulkExport.ts"],
] as const)("the dynamic %s class", (_name, resource, file) => {
  it("registers the resource's outputs from its output list and declares a typed property for each", () => {
    const source = sdk(file);
    expect(source).toMatch(/\.\.\.unsetOutputs\([A-Z_]+_OUTPUT_SPECS\)/);
    const undeclared = resource.outputs.map((output) => output.name).filter((name) => !new RegExp(`declare readonly ${name}\\b`).test(source));
    expect(undeclared).toEqual([]);
  });
});
