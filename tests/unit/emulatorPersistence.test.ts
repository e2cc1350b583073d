// State written by an earlier emulator is migrated on load: graph_config_path
// becomes langgraph_config_path, and new collections and fields get defaults.
import { migrateState } from "../../packages/emulator/src/core/persistence";
import { emptyState } from "../../packages/emulator/src/core/seed";
import type { EmulatorState } from "../../packages/emulator/src/core/types";

describe("emulator state migration", () => {
  test("renames graph_config_path and fills secretReferences and bulkExports", () => {
    const old = {
      ...emptyState(),
      deployments: [{ id: "d1" }],
      revisions: [{ id: "r1", sourceRevisionConfig: { repo_ref: "main", graph_config_path: "langgraph.json" } }],
    } as unknown as EmulatorState;
    delete (old as Partial<EmulatorState>).bulkExports;
    const state = migrateState(old);
    expect(state.revisions[0]?.sourceRevisionConfig).toEqual({ repo_ref: "main", langgraph_config_path: "langgraph.json" });
    expect(state.deployments[0]?.secretReferences).toEqual([]);
    expect(state.bulkExports).toEqual([]);
  });

  test("keeps a langgraph_config_path that is already there", () => {
    const state = migrateState({
      ...emptyState(),
      revisions: [{ sourceRevisionConfig: { langgraph_config_path: "a.json", graph_config_path: "b.json" } }],
    } as unknown as EmulatorState);
    expect(state.revisions[0]?.sourceRevisionConfig).toEqual({ langgraph_config_path: "a.json" });
  });
});
