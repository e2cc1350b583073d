// Update bodies and the lost-response check come from the field table's
// in-place and revision rows (issue 20): a new top-level in-place field is
// sent and compared like any other, with no code beyond its row.
import { z } from "zod";
import { type FieldTable, inPlaceApplied, toUpdateBody } from "../../provider/engine/fields/fields";
import { toPatchRequest } from "../../provider/deployments/deployment/wire";
import type { DeploymentInputs } from "../../provider/deployments/deployment/fields";

const TABLE: FieldTable = [
  { path: "name", wire: "name", effect: "replace", schema: z.string(), required: true, secret: false, type: "string", doc: "The name of the thing." },
  {
    path: "description",
    wire: "description",
    effect: "inPlace",
    schema: z.string(),
    required: false,
    secret: false,
    type: "string",
    doc: "A top-level in-place field.",
  },
  {
    path: "settings.mode",
    wire: "settings.mode",
    effect: "inPlace",
    schema: z.string(),
    required: false,
    secret: false,
    type: "string",
    doc: "A nested in-place field.",
  },
  {
    path: "tags",
    wire: "tags",
    effect: "inPlace",
    clearWith: [],
    schema: z.array(z.string()),
    required: false,
    secret: false,
    type: "string[]",
    doc: "A list the service replaces whole.",
  },
];
const none = { replace: [], inPlace: [], revision: [], local: [], createOnly: [] };

describe("toUpdateBody", () => {
  it("sends every changed in-place field by its wire key, top-level ones included; unset ones clear", () => {
    expect(toUpdateBody(TABLE, { name: "a", description: "new" }, { ...none, inPlace: ["description"] })).toEqual({ description: "new" });
    expect(toUpdateBody(TABLE, { name: "a" }, { ...none, inPlace: ["description", "settings.mode", "tags"] })).toEqual({
      description: null,
      settings: { mode: null },
      tags: [],
    });
  });

  it("tells whether the service already holds an in-place change, for top-level and nested fields", () => {
    const body = toUpdateBody(TABLE, { name: "a", description: "new", settings: { mode: "fast" } }, { ...none, inPlace: ["description", "settings.mode"] });
    expect(inPlaceApplied(TABLE, { name: "a", description: "new", settings: { mode: "fast" } }, body)).toBe(true);
    expect(inPlaceApplied(TABLE, { name: "a", description: "old", settings: { mode: "fast" } }, body)).toBe(false);
  });
});

describe("the Deployment's PATCH body", () => {
  const inputs = {
    name: "agent",
    source: "github",
    sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", buildOnPush: true },
    sourceRevisionConfig: { repoRef: "v2", graphConfigPath: "langgraph.json" },
  } as unknown as DeploymentInputs;

  it("an in-place change sends only that field", () => {
    expect(toPatchRequest(inputs, { ...none, inPlace: ["sourceConfig.buildOnPush", "sourceConfig.customUrl"] }, false)).toEqual({
      source_config: { build_on_push: true, custom_url: null },
    });
  });

  it("a revision sends the whole revision config, and a cleared secrets list as []", () => {
    expect(toPatchRequest(inputs, { ...none, revision: ["sourceRevisionConfig.repoRef", "secrets"] }, true)).toEqual({
      source_revision_config: { repo_ref: "v2", langgraph_config_path: "langgraph.json" },
      secrets: [],
    });
  });
});
