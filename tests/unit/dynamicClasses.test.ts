// The dynamic classes (pulumi-langsmith/dynamic) declare every output the
// resource's own output list has, and register each of them, so the two
// providers of a resource cannot drift apart (the dynamic Deployment once
// lacked the revisionTimings output the docs promised).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { resource as bulkExport } from "../../provider/bulkExport";
import { resource as deployment } from "../../provider/deployment";
import { resource as destination } from "../../provider/destination";

const sdk = (file: string) => readFileSync(join(__dirname, "..", "..", "sdk", file), "utf8");

describe.each([
  ["Deployment", deployment, "deployment.ts"],
  ["BulkExportDestination", destination, "bulkExportDestination.ts"],
  ["BulkExport", bulkExport, "bulkExport.ts"],
] as const)("the dynamic %s class", (_name, resource, file) => {
  it("declares and registers every output of the resource", () => {
    const source = sdk(file);
    const missing = resource.outputs
      .map((output) => output.name)
      .filter((name) => !new RegExp(`declare readonly ${name}\\b`).test(source) || !new RegExp(`\\b${name}: undefined`).test(source));
    expect(missing).toEqual([]);
  });
});
