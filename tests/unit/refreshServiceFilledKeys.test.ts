// A map the service completes with its defaults (FieldSpec.serviceFillsKeys:
// a deployment's resource spec comes back with every key, found by the
// conformance matrix as a preview that was never clean after a refresh):
// refresh takes the service's value of the keys the program set, and no
// other; a changed or removed key is still drift.
import { refreshFields } from "../../provider/engine/fields/fields";
import { loadKind } from "../../provider/registry";

const fields = loadKind("langsmith:index:Deployment")?.fields ?? [];
const previous = { name: "agent", source: "github", sourceConfig: { resourceSpec: { min_scale: 1, max_scale: 2 } } };
const response = (spec: Record<string, unknown>) => ({ name: "agent", source: "github", source_config: { resource_spec: spec }, source_revision_config: {} });

describe("refresh of a map the service fills out", () => {
  it("keeps the program's keys, without the service's defaults", () => {
    const refreshed = refreshFields(fields, previous, response({ min_scale: 1, max_scale: 2, cpu: 1, memory_mb: 1024, db_pool_size: null }));
    expect(refreshed["sourceConfig"]).toEqual({ resourceSpec: { min_scale: 1, max_scale: 2 } });
  });

  it("shows a changed or removed key as drift", () => {
    expect(refreshFields(fields, previous, response({ min_scale: 1, max_scale: 5, cpu: 1 }))["sourceConfig"]).toEqual({
      resourceSpec: { min_scale: 1, max_scale: 5 },
    });
    expect(refreshFields(fields, previous, response({ min_scale: 1 }))["sourceConfig"]).toEqual({ resourceSpec: { min_scale: 1 } });
  });
});
