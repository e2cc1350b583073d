// RepoOwner (issue 46), in-process against the emulator as the native
// provider calls it: an owner is added by email and known by its identity,
// refresh reads the prompt's owners list (an owner removed outside the stack
// is dropped), an email already an owner is refused with the import hint,
// import takes `<promptHandle>/<identityId or email>`, the list function
// lists a prompt's owners, and destroy is a DELETE whose JSON body names the
// identity.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ConflictError, NotFoundError } from "../../provider/client/errors";
import { nativeFunction } from "../../provider/native/functions";
import { resource as repoOwner } from "../../provider/tracing/hub/repoOwner";
import { createChecked as create } from "../helpers/kindSteps";
import { configureWith, operation } from "../helpers/providerConfig";

describe("RepoOwner against the emulator", () => {
  let emulator: Emulator;
  const identities: Record<string, string> = {};

  /** A call to the emulator as a user's script makes it; answers the status and the body. */
  async function call(method: string, path: string, body?: unknown, apiKey = DEFAULT_API_KEY): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": apiKey, "x-tenant-id": DEFAULT_WORKSPACE_ID, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  }

  /** The prompt's owners as the service lists them, by email. */
  async function ownerEmails(handle: string): Promise<string[]> {
    const listed = (await call("GET", `/api/v1/repos/-/${handle}/owners`)).body as { owners: { email: string }[] };
    return listed.owners.map((owner) => owner.email).sort();
  }

  /** Runs a native function as the native provider does. */
  async function runFunction(token: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    const fn = nativeFunction(`langsmith:index:${token}`);
    if (fn === undefined) throw new Error(`no function ${token}`);
    const context = operation();
    return (await fn.run(await context.client(), args, context)) as Record<string, unknown>;
  }

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
    for (const email of ["ana@example.com", "bo@example.com"]) {
      const invited = (await call("POST", "/api/v1/orgs/current/members", { email, workspace_ids: [DEFAULT_WORKSPACE_ID] }, DEFAULT_ORG_API_KEY)).body as {
        id: string;
      };
      emulator.control.acceptInvite(invited.id);
    }
    const members = (await call("GET", "/api/v1/workspaces/current/members/active")).body as { id: string; email: string }[];
    for (const member of members) identities[member.email] = member.id;
    for (const handle of ["greeter", "closer"]) expect((await call("POST", "/api/v1/repos", { repo_handle: handle, is_public: false })).status).toBe(200);
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  test("add, refresh, a second add refused, import, list, remove (a DELETE with a body), removed outside the stack", async () => {
    const made = await create(repoOwner, { promptHandle: "greeter", email: "ana@example.com" });
    expect(made.id).toBe(identities["ana@example.com"]);
    expect(made.outs).toMatchObject({ promptHandle: "greeter", email: "ana@example.com", lsUserId: expect.any(String), createdAt: expect.any(String) });
    expect(await ownerEmails("greeter")).toEqual(["ana@example.com"]);

    const read = await repoOwner.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ promptHandle: "greeter", email: "ana@example.com", lsUserId: made.outs["lsUserId"] });
    expect(repoOwner.diff(read?.props ?? {}, repoOwner.check(made.outs, made.inputs).inputs).changes).toBe(false);

    // Every input replaces.
    const moved = repoOwner.diff(made.outs, repoOwner.check(made.outs, { promptHandle: "closer", email: "bo@example.com" }).inputs);
    expect([...(moved.replaces ?? [])].sort()).toEqual(["email", "promptHandle"]);

    // An email already an owner: refused before anything is sent, naming the owner and the import.
    const again = await create(repoOwner, { promptHandle: "greeter", email: "ana@example.com" }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ConflictError);
    expect(String(again)).toContain(`pulumi import langsmith:index:RepoOwner <name> ${made.id}`);

    // Import by identity or by email, with or without the workspace.
    const byId = await repoOwner.import(operation(), `greeter/${made.id}`);
    expect(byId).toMatchObject({ id: made.id, inputs: { promptHandle: "greeter", email: "ana@example.com" } });
    const byEmail = await repoOwner.import(operation(), `${DEFAULT_WORKSPACE_ID}/greeter/ana@example.com`);
    expect(byEmail?.id).toBe(made.id);
    expect(await repoOwner.import(operation(), "closer/ana@example.com")).toBeUndefined();

    // The list function lists a prompt's owners.
    const listed = (await runFunction("getRepoOwners", { promptHandle: "greeter" }))["repoOwners"] as Record<string, unknown>[];
    expect(listed).toEqual([expect.objectContaining({ id: made.id, email: "ana@example.com", promptHandle: "greeter" })]);

    // Destroy: the DELETE names the identity in its body.
    emulator.control.clearRequestLog();
    await repoOwner.delete(operation(), made.id, made.outs);
    expect(emulator.control.requestLog().filter((entry) => entry.method === "DELETE")).toEqual([expect.objectContaining({ status: 200 })]);
    expect(await ownerEmails("greeter")).toEqual([]);
    expect(await repoOwner.read(operation(), made.id, made.outs)).toBeUndefined();
    // One already gone is done.
    await repoOwner.delete(operation(), made.id, made.outs);

    // An owner removed outside the stack is gone at the next refresh.
    const second = await create(repoOwner, { promptHandle: "closer", email: "bo@example.com" });
    expect((await call("DELETE", "/api/v1/repos/-/closer/owners", { identity_id: second.id })).status).toBe(200);
    expect(await repoOwner.read(operation(), second.id, second.outs)).toBeUndefined();
  });

  test("an email of no member of the workspace, and an unknown prompt, are refused naming the action", async () => {
    const stranger = await create(repoOwner, { promptHandle: "greeter", email: "stranger@example.com" }).catch((error: unknown) => error);
    expect(stranger).toBeInstanceOf(NotFoundError);
    expect(String(stranger)).toMatch(/creating repo owner "stranger@example.com".*404.*stranger@example.com/);
    const noPrompt = await create(repoOwner, { promptHandle: "no-such-prompt", email: "ana@example.com" }).catch((error: unknown) => error);
    expect(noPrompt).toBeInstanceOf(NotFoundError);
  });

  test("deleting the prompt removes its owners: refresh drops the owner", async () => {
    expect((await call("POST", "/api/v1/repos", { repo_handle: "short-lived", is_public: false })).status).toBe(200);
    const made = await create(repoOwner, { promptHandle: "short-lived", email: "bo@example.com" });
    expect((await call("DELETE", "/api/v1/repos/-/short-lived")).status).toBe(200);
    expect(await repoOwner.read(operation(), made.id, made.outs)).toBeUndefined();
    await repoOwner.delete(operation(), made.id, made.outs);
  });

  test("check refuses an email that is not lower-case and a missing prompt handle", () => {
    const checked = repoOwner.check({}, { email: "Ana@Example.com" });
    expect(checked.failures.map((failure) => failure.property).sort()).toEqual(["email", "promptHandle"]);
  });
});
