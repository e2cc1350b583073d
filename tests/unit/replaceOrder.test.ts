// A replacement deletes the old object first only when the new one would
// collide with it on a unique value it keeps (issue 32, found by the
// conformance matrix: a dataset replaced with a new name was deleted first,
// and the service deleted the run rules reading it with it).
import { loadKind } from "../../provider/registry";

const dataset = loadKind("langsmith:index:Dataset");
const olds = { name: "support-regressions", dataType: "kv", description: "" };

describe("the order of a replacement", () => {
  it("creates the new object first when the unique name changes too", () => {
    const diff = dataset?.diff(olds, { ...olds, name: "support-regressions-v2", dataType: "chat" });
    expect(diff).toMatchObject({ changes: true, replaces: ["dataType"], deleteBeforeReplace: false });
  });

  it("deletes the old object first when the new one keeps its name", () => {
    const diff = dataset?.diff(olds, { ...olds, dataType: "chat" });
    expect(diff).toMatchObject({ changes: true, replaces: ["dataType"], deleteBeforeReplace: true });
  });
});
