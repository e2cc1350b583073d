// The message of an import that found nothing (issue 32): the workspace
// searched, named by the id's `<workspaceId>/` prefix, by
// langsmith:workspaceId, or the key's own; and the kind's import forms.
import { resolveSettings } from "../../provider/engine/context/settings";
import { importNotFound } from "../../provider/native/importNotFound";
import { loadKind } from "../../provider/registry";

const OTHER = "44444444-4444-4444-8444-444444444444";
const CONFIGURED = "22222222-2222-4222-8222-222222222222";
const settings = (workspaceId?: string) => resolveSettings((key) => (key === "langsmith:workspaceId" ? workspaceId : undefined), {});

describe("an import that found nothing", () => {
  const project = loadKind("langsmith:index:Project");
  if (project === undefined) throw new Error("Project is not registered");

  test("names the workspace of a <workspaceId>/ prefix", () => {
    expect(importNotFound(project, `${OTHER}/traces`, settings(CONFIGURED)).message).toContain(`"${OTHER}/traces": there is none in workspace ${OTHER}.`);
  });

  test("names the configured workspace, or the key's own when none is configured", () => {
    expect(importNotFound(project, "traces", settings(CONFIGURED)).message).toContain(`there is none in workspace ${CONFIGURED} (langsmith:workspaceId)`);
    expect(importNotFound(project, "traces", settings()).message).toContain("there is none in the API key's workspace (langsmith:workspaceId is not set)");
  });

  test("an organization object is looked for in the organization, without the workspace form", () => {
    const role = loadKind("langsmith:index:Role");
    const message = role === undefined ? "" : importNotFound(role, "reviewers", settings(CONFIGURED)).message;
    expect(message).toBe('importing Role "reviewers": there is none in the organization. Role imports by `<id>`, `<displayName>`');
  });

  test("every workspace kind the generic path serves takes the <workspaceId>/ forms", () => {
    expect(project.importForms).toEqual(["<id>", "<name>", "<workspaceId>/<id>", "<workspaceId>/<name>"]);
    expect(loadKind("langsmith:index:TagValue")?.importForms).toEqual([
      "<tagKeyId>/<id>",
      "<tagKeyId>/<value>",
      "<workspaceId>/<tagKeyId>/<id>",
      "<workspaceId>/<tagKeyId>/<value>",
    ]);
  });
});
