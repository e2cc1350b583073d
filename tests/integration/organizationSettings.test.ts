// OrganizationSettings (provider/organization/settings/organizationSettings),
// called in-process against the emulator as the native provider calls it:
// create takes over the organization's one settings document by writing only
// the fields the program sets (ssoOnly with the login-methods request); a
// field the program leaves out is neither sent nor compared; refresh shows a
// set field changed outside as drift; update patches in place; import by the
// organization's id; destroy leaves the settings, with one warning; a
// workspace key may not change them; a refused value is a check failure.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { PermissionDeniedError } from "../../provider/client/errors";
import { resource as organizationSettings } from "../../provider/organization/settings/organizationSettings";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";
import { configureWith, operation } from "../helpers/providerConfig";

describe("organization settings against the emulator", () => {
  let emulator: Emulator;
  const warnings: string[] = [];

  function configure(key: string): void {
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": key, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
  }

  /** The organization's settings as the service answers them. */
  async function info(): Promise<Record<string, unknown>> {
    const response = await fetch(`${emulator.url}/api/v1/orgs/current/info`, { headers: { "X-API-Key": DEFAULT_ORG_API_KEY } });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }

  /** A change made outside the stack (in LangSmith's UI), with the service's PATCH. */
  async function changeOutside(body: Record<string, unknown>): Promise<void> {
    const response = await fetch(`${emulator.url}/api/v1/orgs/current/info`, {
      method: "PATCH",
      headers: { "X-API-Key": DEFAULT_ORG_API_KEY, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  }

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    jest.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(" "));
    });
    emulator = await createEmulator();
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  beforeEach(() => configure(DEFAULT_ORG_API_KEY));

  test("create writes only the set fields; refresh, update in place, import, destroy leaves them", async () => {
    const before = await info();
    const made = await create(organizationSettings, {
      maxApiKeyExpiryDays: 90,
      ipAllowlist: ["203.0.113.0/24"],
      engineLcuSpendLimitMonthly: 1000,
      ssoOnly: true,
    });
    expect(made.id).toBe(before["id"]);
    const after = await info();
    expect(after).toMatchObject({ max_api_key_expiry_days: 90, ip_allowlist: ["203.0.113.0/24"], engine_lcu_spend_limit_monthly: "1000", sso_only: true });
    // What the program leaves out is not sent: the service keeps its own values, and records them.
    expect(after["display_name"]).toBe(before["display_name"]);
    expect(after["invites_enabled"]).toBe(before["invites_enabled"]);
    expect(made.outs).toMatchObject({ maxApiKeyExpiryDays: 90, engineLcuSpendLimitMonthly: 1000, ssoOnly: true, isPersonal: false, ipAllowlistEnabled: false });

    // A field the program does not set, changed outside: no drift, no change.
    await changeOutside({ invites_enabled: false });
    const read = await organizationSettings.read(operation(), made.id, made.outs);
    const inputs = organizationSettings.check(
      {},
      { maxApiKeyExpiryDays: 90, ipAllowlist: ["203.0.113.0/24"], engineLcuSpendLimitMonthly: 1000, ssoOnly: true },
    ).inputs;
    expect(organizationSettings.diff(read?.props ?? {}, inputs).changes).toBe(false);

    // A field it sets, changed outside: refresh shows it, and the diff puts it back in place.
    await changeOutside({ max_api_key_expiry_days: 7 });
    const drifted = await organizationSettings.read(operation(), made.id, made.outs);
    expect(drifted?.props["maxApiKeyExpiryDays"]).toBe(7);
    const back = await update(organizationSettings, made.id, drifted?.props ?? {}, {
      maxApiKeyExpiryDays: 90,
      ipAllowlist: ["203.0.113.0/24"],
      engineLcuSpendLimitMonthly: 1000,
      ssoOnly: true,
    });
    expect(back.diff.replaces ?? []).toEqual([]);
    expect((await info())["max_api_key_expiry_days"]).toBe(90);
    // invites_enabled, changed outside and not in the program, stays as it was set there.
    expect((await info())["invites_enabled"]).toBe(false);

    // Update: ssoOnly back off (its own request), a rename, a field no longer set stays.
    const changed = await update(organizationSettings, made.id, back.outs, { displayName: "Renamed Org", maxPatExpiryDays: 30, ssoOnly: false });
    expect(changed.diff.changes).toBe(true);
    expect(await info()).toMatchObject({ display_name: "Renamed Org", max_pat_expiry_days: 30, sso_only: false, max_api_key_expiry_days: 90 });
    expect(changed.outs).toMatchObject({ displayName: "Renamed Org", maxPatExpiryDays: 30, ssoOnly: false });

    // Import by the organization's id; another id is not this organization's.
    const imported = await organizationSettings.import(operation(), made.id);
    expect(imported?.id).toBe(made.id);
    expect(await organizationSettings.import(operation(), "00000000-0000-4000-8000-000000000000")).toBeUndefined();

    // Destroy leaves the settings as they are, with one warning.
    warnings.length = 0;
    await organizationSettings.delete(operation(), made.id, changed.outs);
    expect(warnings).toEqual([expect.stringContaining("the organization keeps its settings as they are")]);
    expect(await info()).toMatchObject({ display_name: "Renamed Org", max_pat_expiry_days: 30 });
    expect(await organizationSettings.read(operation(), made.id, changed.outs)).toBeDefined();
  });

  test("check refuses values the service would: a separator of two characters, a bad email, a name with punctuation, zero days", () => {
    const failures = organizationSettings.check(
      {},
      { scimGroupNameSeparator: "::", securityContact: "not-an-email", displayName: "Acme, Inc.", maxPatExpiryDays: 0 },
    ).failures;
    expect(failures.map((failure) => failure.property).sort()).toEqual(["displayName", "maxPatExpiryDays", "scimGroupNameSeparator", "securityContact"]);
    expect(JSON.stringify(failures)).toContain("exactly one character");
  });

  test("a workspace key may not change the organization's settings: the error names the action and the missing permission", async () => {
    configure(DEFAULT_API_KEY);
    const refused = await create(organizationSettings, { invitesEnabled: true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect(String(refused)).toMatch(/organization settings/);
  });
});
