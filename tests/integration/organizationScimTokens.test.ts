// ScimToken (provider/organization/scimToken), called in-process against the
// emulator as the native provider calls it: the token is a secret output of
// the create answer only, kept by refresh and by an in-place update of the
// description, never imported nor listed; `getScimTokens` lists the tokens in
// the resource's output shape; a workspace key may not make one; delete makes
// it gone.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { PermissionDeniedError } from "../../provider/client/errors";
import { ProviderSession } from "../../provider/engine/context/session";
import type { Properties } from "../../provider/engine/resource";
import { nativeFunction } from "../../provider/native/functions";
import { resource as scimToken } from "../../provider/organization/scimToken";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";
import { configureWith, operation } from "../helpers/providerConfig";

describe("SCIM tokens against the emulator", () => {
  let emulator: Emulator;

  function configure(key: string): void {
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": key, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
  }

  /** Runs `getScimTokens` as the native provider does, with the organization key. */
  async function listTokens(): Promise<Properties[]> {
    const session = new ProviderSession();
    const settings: Record<string, string> = { "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_ORG_API_KEY };
    session.configure((key) => settings[key]);
    const context = session.operation({ log: () => undefined });
    const fn = nativeFunction("langsmith:index:getScimTokens");
    if (fn === undefined) throw new Error("no function getScimTokens");
    const result = await fn.run(await context.client(), {}, context);
    return result["scimTokens"] as Properties[];
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

  test("the token is a secret shown at create only; the description changes in place and the token stays", async () => {
    expect(scimToken.outputs.find((output) => output.name === "token")?.secret).toBe(true);
    const made = await create(scimToken, { description: "Okta provisioning" });
    const token = made.outs["token"];
    expect(typeof token).toBe("string");
    expect(made.outs).toMatchObject({ description: "Okta provisioning", shortToken: expect.any(String), createdAt: expect.any(String) });
    expect(String(made.outs["shortToken"])).not.toBe(token);

    // The service never answers the token again: refresh keeps the recorded one.
    const read = await scimToken.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ description: "Okta provisioning", token });

    const changed = await update(scimToken, made.id, made.outs, { description: "Okta provisioning (prod)" });
    expect(changed.diff.replaces ?? []).toEqual([]);
    expect(changed.diff.changes).toBe(true);
    expect(changed.outs).toMatchObject({ description: "Okta provisioning (prod)", token, shortToken: made.outs["shortToken"] });
    const reread = await scimToken.read(operation(), made.id, changed.outs);
    expect(reread?.props).toMatchObject({ description: "Okta provisioning (prod)", token });

    // Import by id: the description, never the token.
    const imported = await scimToken.import(operation(), made.id);
    expect(imported?.inputs).toMatchObject({ description: "Okta provisioning (prod)" });
    expect(JSON.stringify(imported)).not.toContain(token as string);

    // The list function finds it, without the token.
    const listed = (await listTokens()).find((object) => object["id"] === made.id);
    expect(listed).toMatchObject({ id: made.id, description: "Okta provisioning (prod)", shortToken: made.outs["shortToken"] });
    expect(JSON.stringify(listed)).not.toContain(token as string);

    await scimToken.delete(operation(), made.id, changed.outs);
    expect(await scimToken.read(operation(), made.id, changed.outs)).toBeUndefined();
    expect((await listTokens()).some((object) => object["id"] === made.id)).toBe(false);
  });

  test("no description is the service's empty one; each token is its own secret", async () => {
    const first = await create(scimToken, {});
    const second = await create(scimToken, {});
    expect(first.outs["token"]).not.toBe(second.outs["token"]);
    const read = await scimToken.read(operation(), first.id, first.outs);
    expect(read?.props["description"] ?? "").toBe("");
    expect(scimToken.diff(read?.props ?? {}, scimToken.check(read?.props ?? {}, {}).inputs).changes).toBe(false);
    await scimToken.delete(operation(), first.id, first.outs);
    await scimToken.delete(operation(), second.id, second.outs);
  });

  test("a workspace key may not make a SCIM token: the error names the action and the missing permission", async () => {
    configure(DEFAULT_API_KEY);
    const refused = await create(scimToken, { description: "not allowed" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect(String(refused)).toMatch(/creating SCIM token "not allowed"/);
  });
});
