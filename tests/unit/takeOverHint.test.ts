// The import command an interrupted create's error prints names the object
// where `pulumi import` finds it: by its bare id in the stack's workspace,
// by `<workspaceId>/<id>` in another (a workspace the program makes; found
// by the fleet test, issue 32, where the bare id was looked for in the wrong
// workspace).
import { takeOverHint, workspaceOtherThanStack } from "../../provider/engine/state/takeOver";

const URN = "urn:pulumi:team-1::fleet::langsmith:index:Project::project8";
const STACK_WORKSPACE = "22222222-2222-4222-8222-222222222222";
const OTHER = "9068bbb5-ac99-46e6-a8ad-ee33ba6b5762";
const context = { settings: { client: { workspaceId: STACK_WORKSPACE } } } as Parameters<typeof workspaceOtherThanStack>[0];

describe("the take-over hint", () => {
  it("names an object in the stack's workspace by its id", () => {
    expect(workspaceOtherThanStack(context, STACK_WORKSPACE.toUpperCase())).toBeUndefined();
    expect(takeOverHint(URN, "abc", "langsmith:index:Project", workspaceOtherThanStack(context, STACK_WORKSPACE))).toContain(
      "pulumi import langsmith:index:Project project8 abc --protect=false",
    );
  });

  it("names an object in another workspace by <workspaceId>/<id>; the pending-create form keeps the id", () => {
    const hint = takeOverHint(URN, "abc", "langsmith:index:Project", workspaceOtherThanStack(context, OTHER));
    expect(hint).toContain(`Its id is abc.`);
    expect(hint).toContain(`pulumi import langsmith:index:Project project8 ${OTHER}/abc --protect=false --generate-code=false`);
    expect(hint).toContain(`--import-pending-creates '${URN}' --import-pending-creates abc`);
  });
});
