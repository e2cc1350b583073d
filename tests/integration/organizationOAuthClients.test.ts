// OAuthClient (provider/organization/oauthClient), called in-process against
// the emulator as the native provider calls it: a confidential client's
// secret is a secret output of the create answer, kept by refresh and by an
// in-place update, rotated in place when `rotateSecretTrigger` changes (same
// client id, a new secret); a public client has none, and its rotation is
// refused before any request; `disabled`, which the create cannot carry, is
// set by an update right after; `clientType` and `grantTypes` replace;
// import (no secret) and `getOAuthClients`; delete makes it gone.
import { createEmulator, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ProviderSession } from "../../provider/engine/context/session";
import type { Properties } from "../../provider/engine/resource";
import { nativeFunction } from "../../provider/native/functions";
import { PublicClientRotationError, resource as oauthClient } from "../../provider/organization/oauthClient";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";
import { configureWith, operation } from "../helpers/providerConfig";

describe("OAuth clients against the emulator", () => {
  let emulator: Emulator;

  /** Runs `getOAuthClients` as the native provider does. */
  async function listClients(): Promise<Properties[]> {
    const session = new ProviderSession();
    const settings: Record<string, string> = {
      "langsmith:apiUrl": emulator.url,
      "langsmith:apiKey": DEFAULT_ORG_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    };
    session.configure((key) => settings[key]);
    const context = session.operation({ log: () => undefined });
    const fn = nativeFunction("langsmith:index:getOAuthClients");
    if (fn === undefined) throw new Error("no function getOAuthClients");
    const result = await fn.run(await context.client(), {}, context);
    return result["oAuthClients"] as Properties[];
  }

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  beforeEach(() => configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_ORG_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID }));

  test("a confidential client: the secret from the create answer survives refresh and updates; a new rotateSecretTrigger rotates it, same client id", async () => {
    expect(oauthClient.outputs.find((output) => output.name === "clientSecret")?.secret).toBe(true);
    const made = await create(oauthClient, {
      clientName: "eval dashboard",
      redirectUris: ["https://dashboard.example.com/callback"],
      allowedScopes: ["openid"],
      clientUri: "https://dashboard.example.com",
      rotateSecretTrigger: "2026-11",
    });
    const secret = made.outs["clientSecret"];
    expect(typeof secret).toBe("string");
    expect(made.outs).toMatchObject({
      clientName: "eval dashboard",
      clientType: "confidential",
      grantTypes: expect.any(Array),
      clientId: expect.any(String),
      tenantId: DEFAULT_WORKSPACE_ID,
    });

    // Unset, disabled was not sent (the create cannot carry it) and is the service's false.
    expect(made.outs["disabled"]).toBeUndefined();
    const read = await oauthClient.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ clientName: "eval dashboard", clientSecret: secret, clientUri: "https://dashboard.example.com" });
    expect(oauthClient.diff(made.outs, oauthClient.check(made.outs, made.inputs).inputs).changes).toBe(false);

    // An in-place change keeps the secret.
    const renamed = await update(oauthClient, made.id, made.outs, { ...made.inputs, clientName: "eval dashboard v2", disabled: true });
    expect(renamed.diff.replaces ?? []).toEqual([]);
    expect(renamed.outs).toMatchObject({ clientName: "eval dashboard v2", disabled: true, clientSecret: secret, clientId: made.outs["clientId"] });

    // A new trigger rotates the secret in place.
    const rotated = await update(oauthClient, made.id, renamed.outs, {
      ...made.inputs,
      clientName: "eval dashboard v2",
      disabled: true,
      rotateSecretTrigger: "2026-12",
    });
    expect(rotated.diff.replaces ?? []).toEqual([]);
    expect(rotated.diff.changes).toBe(true);
    expect(typeof rotated.outs["clientSecret"]).toBe("string");
    expect(rotated.outs["clientSecret"]).not.toBe(secret);
    expect(rotated.outs).toMatchObject({ clientId: made.outs["clientId"], clientName: "eval dashboard v2", rotateSecretTrigger: "2026-12" });
    const reread = await oauthClient.read(operation(), made.id, rotated.outs);
    expect(reread?.props["clientSecret"]).toBe(rotated.outs["clientSecret"]);

    // clientType and grantTypes replace.
    const retyped = oauthClient.diff(
      rotated.outs,
      oauthClient.check(rotated.outs, { clientName: "eval dashboard v2", clientType: "public", grantTypes: ["authorization_code"] }).inputs,
    );
    expect(retyped.replaces).toEqual(expect.arrayContaining(["clientType", "grantTypes"]));

    // Import by id: the settings, never the secret.
    const imported = await oauthClient.import(operation(), made.id);
    expect(imported?.inputs).toMatchObject({ clientName: "eval dashboard v2", disabled: true, redirectUris: ["https://dashboard.example.com/callback"] });
    expect(JSON.stringify(imported)).not.toContain(String(rotated.outs["clientSecret"]));

    const listed = (await listClients()).find((object) => object["id"] === made.id);
    expect(listed).toMatchObject({ id: made.id, clientName: "eval dashboard v2", clientId: made.outs["clientId"] });
    expect(JSON.stringify(listed)).not.toContain(String(rotated.outs["clientSecret"]));

    await oauthClient.delete(operation(), made.id, rotated.outs);
    expect(await oauthClient.read(operation(), made.id, rotated.outs)).toBeUndefined();
  });

  test("a public client has no secret; disabled at create is set by an update right after; its rotation is refused before any request", async () => {
    const made = await create(oauthClient, { clientName: "cli", clientType: "public", grantTypes: ["authorization_code"], disabled: true });
    expect(made.outs["clientSecret"]).toBeUndefined();
    expect(made.outs).toMatchObject({ clientType: "public", grantTypes: ["authorization_code"], disabled: true });
    const read = await oauthClient.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ disabled: true, clientType: "public" });
    const refused = await update(oauthClient, made.id, made.outs, { ...made.inputs, rotateSecretTrigger: "now" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PublicClientRotationError);
    expect(String(refused)).toMatch(/updating OAuth client "cli": a public OAuth client has no secret to rotate/);
    await oauthClient.delete(operation(), made.id, made.outs);
  });

  test("a confidential client disabled at create keeps the secret of the create answer past the update that disables it", async () => {
    const made = await create(oauthClient, { clientName: "paused app", disabled: true });
    expect(typeof made.outs["clientSecret"]).toBe("string");
    expect(made.outs).toMatchObject({ disabled: true, clientType: "confidential" });
    expect((await oauthClient.read(operation(), made.id, made.outs))?.props).toMatchObject({ disabled: true, clientSecret: made.outs["clientSecret"] });
    await oauthClient.delete(operation(), made.id, made.outs);
  });

  test("a missing name is refused by check, naming the field", () => {
    const checked = oauthClient.check({}, { clientType: "confidential" });
    expect(checked.failures.map((failure) => failure.property)).toContain("clientName");
  });
});
