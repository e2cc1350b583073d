// The lookups (`get<Kind>`) that take more than their import forms' keys
// (issue 44, against the community Terraform provider's data sources), run
// as the native provider runs them against a real emulator: a run rule and a
// service account by their name (exact; a name several share refused,
// naming the ids), the organization's only SSO configuration given no key,
// a gateway policy with its spend so far; and getUsageLimits of the whole
// organization in one request.
import { createEmulator, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ProviderSession } from "../../provider/engine/context/session";
import type { Properties } from "../../provider/engine/resource";
import { nativeFunction } from "../../provider/native/functions";
import { ListArgumentError } from "../../provider/engine/kind/listFunction";
import { AmbiguousLookupError, LookupArgumentError } from "../../provider/native/lookupFunctions";
import { loadKind } from "../../provider/registry";

describe("lookups by name and of the only object, against the emulator", () => {
  let emulator: Emulator;
  const session = new ProviderSession();
  const context = () => session.operation({ log: () => undefined });

  /** Creates an object through its kind's create, as `pulumi up` does; answers its id and outputs. */
  async function make(token: string, inputs: Properties): Promise<{ id: string; outs: Properties }> {
    const kind = loadKind(`langsmith:index:${token}`);
    if (kind === undefined) throw new Error(`no kind ${token}`);
    const checked = kind.check({}, inputs);
    expect(checked.failures).toEqual([]);
    const made = await kind.create(context(), checked.inputs);
    return { id: made.id, outs: (made.outs ?? {}) as Properties };
  }

  /** Runs a lookup as the native provider does. */
  async function lookup(token: string, args: Properties): Promise<Properties> {
    const fn = nativeFunction(`langsmith:index:${token}`);
    if (fn === undefined) throw new Error(`no function ${token}`);
    const call = context();
    return fn.run(await call.client(), args, call);
  }

  beforeAll(async () => {
    emulator = await createEmulator();
    const settings: Record<string, string> = {
      "langsmith:apiUrl": emulator.url,
      "langsmith:apiKey": DEFAULT_ORG_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    };
    session.configure((key) => settings[key]);
  }, 60_000);

  afterAll(async () => {
    await emulator?.close();
  });

  it("getRunRule takes displayName: the one rule of that exact name, found: false for none, and a name two rules share refused naming both ids", async () => {
    const project = await make("Project", { name: "rules-by-name" });
    const rule = (displayName: string) => make("RunRule", { displayName, projectId: project.id, samplingRate: 0.5, filter: "eq(error, true)" });
    const errors = await rule("errored runs to review");
    await rule("errored runs to review, root only");
    const found = await lookup("getRunRule", { displayName: "errored runs to review" });
    expect(found).toEqual(
      expect.objectContaining({ found: true, id: errors.id, displayName: "errored runs to review", projectId: project.id, samplingRate: 0.5 }),
    );
    expect(await lookup("getRunRule", { displayName: "errored runs" })).toEqual({ found: false });
    expect(await lookup("getRunRule", { displayName: "errored runs to review", workspaceId: DEFAULT_WORKSPACE_ID })).toMatchObject({ id: errors.id });

    const twin = await rule("errored runs to review");
    const shared = lookup("getRunRule", { displayName: "errored runs to review" });
    await expect(shared).rejects.toBeInstanceOf(AmbiguousLookupError);
    await expect(shared).rejects.toThrow(
      `looking up run rule by displayName "errored runs to review": 2 match (ids ${errors.id}, ${twin.id}); look one up by \`id\``,
    );
    expect(await lookup("getRunRule", { id: twin.id })).toMatchObject({ found: true, id: twin.id });
    await expect(lookup("getRunRule", { id: twin.id, displayName: "errored runs to review" })).rejects.toThrow(
      new LookupArgumentError("looking up run rule: give exactly one of `id` or `displayName`"),
    );
    await expect(lookup("getRunRule", {})).rejects.toBeInstanceOf(LookupArgumentError);
  });

  it("getServiceAccount takes name: the account of that exact name, found: false for another", async () => {
    const deployer = await make("ServiceAccount", { name: "ci-deployer" });
    await make("ServiceAccount", { name: "ci-deployer-nightly" });
    expect(await lookup("getServiceAccount", { name: "ci-deployer" })).toEqual(
      expect.objectContaining({ found: true, id: deployer.id, name: "ci-deployer", organizationId: deployer.outs["organizationId"] }),
    );
    expect(await lookup("getServiceAccount", { name: "CI-DEPLOYER" })).toEqual({ found: false });
  });

  it("getSsoSettings given no id answers the organization's only SSO configuration, found: false while there is none", async () => {
    expect(await lookup("getSsoSettings", {})).toEqual({ found: false });
    const sso = await make("SsoSettings", {
      metadataUrl: "https://idp.example.com/metadata",
      defaultWorkspaceRoleId: "00000000-0000-4000-8000-000000000a06",
      defaultWorkspaceIds: [DEFAULT_WORKSPACE_ID],
    });
    expect(await lookup("getSsoSettings", {})).toEqual(
      expect.objectContaining({ found: true, id: sso.id, metadataUrl: "https://idp.example.com/metadata", providerId: sso.outs["providerId"] }),
    );
    expect(await lookup("getSsoSettings", { id: sso.id })).toMatchObject({ found: true, id: sso.id });
  });

  it("getGatewayPolicy reports a spend cap's spend so far (currentSpendUsd), and none for a policy of another type", async () => {
    const cap = await make("GatewayPolicy", {
      name: "team spend cap",
      policyType: "spend_cap",
      config: { window: "monthly", limit_usd: 250 },
      subjectMatchers: [{ key: "workspace_id", value: DEFAULT_WORKSPACE_ID }],
    });
    expect(cap.outs["currentSpendUsd"]).toBe(0);
    expect(await lookup("getGatewayPolicy", { id: cap.id })).toEqual(
      expect.objectContaining({ found: true, id: cap.id, policyType: "spend_cap", currentSpendUsd: 0 }),
    );
    const limit = await make("GatewayPolicy", {
      name: "key rate limit",
      policyType: "rate_limit",
      config: { limits: [{ metric: "requests", window: "minute", value: 60 }] },
      subjectMatchers: [{ key: "api_key_id", value: "lookup-key" }],
    });
    const found = await lookup("getGatewayPolicy", { id: limit.id });
    expect(found).toMatchObject({ found: true, policyType: "rate_limit" });
    expect(found).not.toHaveProperty("currentSpendUsd");
  });

  it("getUsageLimits with organizationWide lists every workspace's limits in one request (GET /api/v1/usage-limits/org); without it, one workspace's", async () => {
    const team = await make("Workspace", { displayName: "limits-team" });
    const here = await make("UsageLimit", { limitType: "monthly_traces", limitValue: 100000 });
    const there = await make("UsageLimit", { workspaceId: team.id, limitType: "monthly_longlived_traces", limitValue: 5000 });
    const limits = async (args: Properties): Promise<Properties[]> => {
      const fn = nativeFunction("langsmith:index:getUsageLimits");
      if (fn === undefined) throw new Error("no getUsageLimits");
      const call = context();
      return (await fn.run(await call.client(), args, call))["usageLimits"] as Properties[];
    };
    expect((await limits({})).map((l) => l["id"])).toEqual([here.id]);
    const before = emulator.control.requestLog().filter((e) => e.path === "/api/v1/usage-limits/org").length;
    const everywhere = await limits({ organizationWide: true });
    expect(emulator.control.requestLog().filter((e) => e.path === "/api/v1/usage-limits/org")).toHaveLength(before + 1);
    expect(everywhere).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: here.id, tenantId: DEFAULT_WORKSPACE_ID, limitType: "monthly_traces", limitValue: 100000 }),
        expect.objectContaining({ id: there.id, tenantId: team.id, limitType: "monthly_longlived_traces", limitValue: 5000 }),
      ]),
    );
    expect((await limits({ organizationWide: false })).map((l) => l["id"])).toEqual([here.id]);
    await expect(limits({ organizationWide: "yes" })).rejects.toThrow(
      new ListArgumentError("listing usage limits: `organizationWide` must be a boolean, got string"),
    );
  });
});
