// HubDirectory (issue 46), in-process against the emulator as the native
// provider calls it: the create is one commit of every file; an update is one
// commit of the changed paths with `null` for each dropped one, on the head
// the state records (a repository changed outside the stack refuses it with
// HubDirectoryChangedError until a refresh reads the new head); a repository
// that exists refuses a create with the import hint; import by handle;
// destroy deletes the repository.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ConflictError } from "../../provider/client/errors";
import { directoryPatch, HubDirectoryChangedError, resource as hubDirectory } from "../../provider/tracing/hub/hubDirectory";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";
import { configureWith, operation } from "../helpers/providerConfig";

const DIRECTORY = "/api/v1/platform/hub/repos/-/support-agent/directories";
const agentsFile = (content: string) => ({ type: "file", content });

describe("HubDirectory against the emulator", () => {
  let emulator: Emulator;

  /** A call to the emulator as a user's script makes it; answers the status and the body. */
  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: response.status === 204 ? undefined : await response.json() };
  }

  const files = async (): Promise<unknown> => ((await call("GET", DIRECTORY)).body as { files: unknown }).files;
  const commits = () => emulator.control.requestLog().filter((entry) => entry.method === "POST" && entry.path.endsWith("/directories/commits"));

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  test("the patch: new and changed paths with their entries, dropped ones as null", () => {
    expect(directoryPatch({ a: { v: 1 }, b: { v: 2 }, c: { v: 3 } }, { a: { v: 1 }, b: { v: 20 }, d: { v: 4 } })).toEqual({
      b: { v: 20 },
      d: { v: 4 },
      c: null,
    });
  });

  test("create, refresh, an update commits the difference, a change outside the stack refuses the next commit, import, delete", async () => {
    emulator.control.clearRequestLog();
    const made = await create(hubDirectory, {
      repoHandle: "support-agent",
      files: { "AGENTS.md": agentsFile("Be polite."), "notes.md": agentsFile("draft") },
    });
    expect(made.id).toBe("support-agent");
    expect(commits()).toHaveLength(1);
    expect(made.outs).toMatchObject({ repoHandle: "support-agent", commitHash: expect.any(String), commitId: expect.any(String) });
    expect(await files()).toEqual({ "AGENTS.md": agentsFile("Be polite."), "notes.md": agentsFile("draft") });

    const read = await hubDirectory.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ files: made.inputs["files"], commitHash: made.outs["commitHash"] });
    expect(hubDirectory.diff(read?.props ?? {}, hubDirectory.check(made.outs, made.inputs).inputs).changes).toBe(false);

    // One commit: the changed file, the new one, and the dropped one removed.
    emulator.control.clearRequestLog();
    const changed = await update(hubDirectory, made.id, made.outs, {
      repoHandle: "support-agent",
      files: { "AGENTS.md": agentsFile("Be brief."), "tools.json": agentsFile("[]") },
    });
    expect(changed.diff.replaces ?? []).toEqual([]);
    expect(commits()).toHaveLength(1);
    expect(await files()).toEqual({ "AGENTS.md": agentsFile("Be brief."), "tools.json": agentsFile("[]") });
    expect(changed.outs["commitHash"]).not.toBe(made.outs["commitHash"]);

    // A change of skipWebhooks alone commits nothing.
    emulator.control.clearRequestLog();
    const quiet = await update(hubDirectory, made.id, changed.outs, { repoHandle: "support-agent", files: changed.outs["files"], skipWebhooks: true });
    expect(commits()).toHaveLength(0);
    expect(quiet.outs["commitHash"]).toBe(changed.outs["commitHash"]);

    // Someone commits outside the stack: the next commit on the recorded head is refused, clearly.
    expect((await call("POST", `${DIRECTORY}/commits`, { files: { "extra.md": agentsFile("theirs") } })).status).toBe(200);
    const refused = await update(hubDirectory, made.id, quiet.outs, { repoHandle: "support-agent", files: { "AGENTS.md": agentsFile("Be kind.") } }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(HubDirectoryChangedError);
    expect(String(refused)).toMatch(/updating hub directory "support-agent".*changed outside the stack.*pulumi refresh/);

    // After a refresh the drift shows, and the update removes the outside file too.
    const refreshed = await hubDirectory.read(operation(), made.id, quiet.outs);
    expect(Object.keys(refreshed?.props["files"] as object).sort()).toEqual(["AGENTS.md", "extra.md", "tools.json"]);
    await update(hubDirectory, made.id, refreshed?.props ?? {}, { repoHandle: "support-agent", files: { "AGENTS.md": agentsFile("Be kind.") } });
    expect(await files()).toEqual({ "AGENTS.md": agentsFile("Be kind.") });

    // A repository that exists refuses a create, naming the import.
    const again = await create(hubDirectory, { repoHandle: "support-agent", files: { "x.md": agentsFile("x") } }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ConflictError);
    expect(String(again)).toContain("pulumi import langsmith:index:HubDirectory <name> support-agent");

    // Import by handle, with or without the workspace.
    const imported = await hubDirectory.import(operation(), `${DEFAULT_WORKSPACE_ID}/support-agent`);
    expect(imported).toMatchObject({ id: "support-agent", inputs: { repoHandle: "support-agent", files: { "AGENTS.md": agentsFile("Be kind.") } } });
    expect(await hubDirectory.import(operation(), "no-such-agent")).toBeUndefined();

    // Destroy deletes the repository.
    await hubDirectory.delete(operation(), made.id, quiet.outs);
    expect((await call("GET", DIRECTORY)).status).toBe(404);
    expect(await hubDirectory.read(operation(), made.id, quiet.outs)).toBeUndefined();
    await hubDirectory.delete(operation(), made.id, quiet.outs);
  });

  test("a prompt's handle is no agent or skill repository: the commit is refused", async () => {
    expect((await call("POST", "/api/v1/repos", { repo_handle: "plain-prompt", is_public: false })).status).toBe(200);
    const refused = await create(hubDirectory, { repoHandle: "plain-prompt", files: { "a.md": agentsFile("a") } }).catch((error: unknown) => error);
    expect(String(refused)).toMatch(/creating hub directory "plain-prompt".*400.*not an agent or skill repository/);
  });

  test("check refuses an entry that is not an object and a handle with a slash", () => {
    const checked = hubDirectory.check({}, { repoHandle: "a/b", files: { "a.md": "text" } });
    expect(checked.failures.map((failure) => failure.property).sort()).toEqual(["files", "repoHandle"]);
  });
});
