// PersonalAccessToken (provider/organization/personalAccessToken), called
// in-process against the emulator as the native provider calls it: the token
// is a secret output of the create answer only (`lsv2_pt_...`), works at once
// with its organization role (the service's default, Organization User: it
// reads the organization and may not manage it), survives refresh, is never
// imported nor listed; every change replaces it; `getPersonalAccessTokens`
// lists the tokens; a deleted token stops working; a workspace key may not
// make one.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { PermissionDeniedError } from "../../provider/client/errors";
import { ProviderSession } from "../../provider/engine/context/session";
import type { Properties } from "../../provider/engine/resource";
import { nativeFunction } from "../../provider/native/functions";
import { resource as personalAccessToken } from "../../provider/organization/personalAccessToken";
import { createChecked as create } from "../helpers/kindSteps";
import { configureWith, operation } from "../helpers/providerConfig";

const TOKENS = "/api/v1/orgs/current/personal-access-tokens";

describe("personal access tokens against the emulator", () => {
  let emulator: Emulator;

  function configure(key: string): void {
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": key, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
  }

  /** A request at the service with `key`, as a user of the token would send it. */
  const send = (key: string, method: string, path: string, body?: unknown) =>
    fetch(`${emulator.url}${path}`, {
      method,
      headers: { "X-Api-Key": key, "Content-Type": "application/json" },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });

  /** Runs `getPersonalAccessTokens` as the native provider does, with the organization key. */
  async function listTokens(): Promise<Properties[]> {
    const session = new ProviderSession();
    const settings: Record<string, string> = { "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_ORG_API_KEY };
    session.configure((key) => settings[key]);
    const context = session.operation({ log: () => undefined });
    const fn = nativeFunction("langsmith:index:getPersonalAccessTokens");
    if (fn === undefined) throw new Error("no function getPersonalAccessTokens");
    const result = await fn.run(await context.client(), {}, context);
    return result["personalAccessTokens"] as Properties[];
  }

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  beforeEach(() => configure(DEFAULT_ORG_API_KEY));

  test("the token is a secret shown at create only, works at once as an organization user, survives refresh, is never imported or listed; a change replaces it; deleted, it stops working", async () => {
    expect(personalAccessToken.outputs.find((output) => output.name === "key")?.secret).toBe(true);
    const made = await create(personalAccessToken, { description: "ci (personal)", expiresAt: "2030-01-01T00:00:00Z" });
    const token = String(made.outs["key"]);
    expect(token).toMatch(/^lsv2_pt_/);
    expect(made.outs).toMatchObject({ description: "ci (personal)", shortKey: expect.any(String), createdAt: expect.any(String) });
    expect(String(made.outs["shortKey"])).not.toBe(token);

    // It acts for the organization as an Organization User: it reads, and may not manage.
    expect((await send(token, "GET", TOKENS)).status).toBe(200);
    expect((await send(token, "POST", "/api/v1/platform/orgs/current/scim/tokens", { description: "not allowed" })).status).toBe(403);

    const read = await personalAccessToken.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ description: "ci (personal)", key: token });
    expect(personalAccessToken.diff(read?.props ?? {}, personalAccessToken.check(read?.props ?? {}, made.inputs).inputs)).toMatchObject({ changes: false });
    for (const [path, value] of [
      ["description", "ci (personal, rotated)"],
      ["expiresAt", "2031-01-01T00:00:00Z"],
      ["readOnly", true],
    ] as const) {
      const diff = personalAccessToken.diff(made.outs, personalAccessToken.check(made.outs, { ...made.inputs, [path]: value }).inputs);
      expect(diff).toMatchObject({ changes: true, replaces: [path], deleteBeforeReplace: false });
    }

    const imported = await personalAccessToken.import(operation(), made.id);
    expect(imported?.inputs).toMatchObject({ description: "ci (personal)" });
    expect(JSON.stringify(imported)).not.toContain(token);

    const listed = (await listTokens()).find((object) => object["id"] === made.id);
    expect(listed).toMatchObject({ id: made.id, description: "ci (personal)", shortKey: made.outs["shortKey"] });
    expect(JSON.stringify(listed)).not.toContain(token);

    await personalAccessToken.delete(operation(), made.id, made.outs);
    expect(await personalAccessToken.read(operation(), made.id, made.outs)).toBeUndefined();
    expect((await send(token, "GET", TOKENS)).status).toBe(401);
    // A delete of one already gone is done.
    await personalAccessToken.delete(operation(), made.id, made.outs);
  });

  test("an organization role given is the token's: an Organization Admin token may manage the organization", async () => {
    const admin = await create(personalAccessToken, { description: "admin (personal)", orgRoleId: "00000000-0000-4000-8000-000000000a01" });
    const token = String(admin.outs["key"]);
    const scim = await send(token, "POST", "/api/v1/platform/orgs/current/scim/tokens", { description: "made with a personal token" });
    expect(scim.status).toBe(201);
    await personalAccessToken.delete(operation(), admin.id, admin.outs);
  });

  test("a workspace key may not make a personal access token: the error names the action and the cause", async () => {
    configure(DEFAULT_API_KEY);
    const refused = await create(personalAccessToken, { description: "not allowed" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect(String(refused)).toMatch(/creating personal access token "not allowed"/);
  });
});
