// The attributes the community Terraform provider (1.2.0) has on kinds we
// have (issue 44), each driven in-process against the emulator as the native
// provider runs it: what is sent, what a refresh reads back, and whether a
// change updates in place or replaces.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import type { Properties } from "../../provider/engine/resource";
import { organizationMember } from "../../provider/organization/members/organizationMember";
import { resource as ssoSettings } from "../../provider/organization/ssoSettings";
import { resource as annotationQueue } from "../../provider/tracing/annotationQueue";
import { resource as dataset } from "../../provider/tracing/dataset";
import { resource as project } from "../../provider/tracing/project";
import { resource as runRule } from "../../provider/tracing/runRule";
import { resource as prompt } from "../../provider/tracing/prompt";
import { configureWith, operation } from "../helpers/providerConfig";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";

describe("the community provider's attributes, on the kinds we have", () => {
  let emulator: Emulator;

  const requests = (method: string, fragment: string) =>
    emulator.control.requestLog().filter((entry) => entry.method === method && entry.path.includes(fragment));

  const get = async (path: string, apiKey = DEFAULT_API_KEY): Promise<Record<string, unknown>> =>
    (await (await fetch(`${emulator.url}${path}`, { headers: { "x-api-key": apiKey, "x-tenant-id": DEFAULT_WORKSPACE_ID } })).json()) as Record<
      string,
      unknown
    >;

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  const configure = (apiKey: string): void =>
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": apiKey, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });

  beforeEach(() => configure(DEFAULT_API_KEY));

  test("Project startTime and endTime: sent at the create, read back; endTime changed and cleared in place, a new startTime replaces; unset, the service's start is recorded and no change", async () => {
    const inputs = { name: "experiment-window", startTime: "2026-01-01T00:00:00Z", endTime: "2026-01-31T00:00:00Z" };
    const made = await create(project, inputs);
    expect(await get(`/api/v1/sessions/${made.id}`)).toMatchObject({
      start_time: expect.stringMatching(/^2026-01-01T00:00:00/),
      end_time: expect.stringMatching(/^2026-01-31/),
    });
    const read = await project.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ startTime: "2026-01-01T00:00:00Z", endTime: "2026-01-31T00:00:00Z" });
    expect(project.diff(read?.props as Properties, project.check({}, inputs).inputs)).toMatchObject({ changes: false });

    const later = await update(project, made.id, read?.props as Properties, { ...inputs, endTime: "2026-02-28T00:00:00Z" });
    expect(later.diff).toMatchObject({ changes: true, replaces: [], updates: ["endTime"] });
    expect((await get(`/api/v1/sessions/${made.id}`))["end_time"]).toMatch(/^2026-02-28/);
    const open = await update(project, made.id, later.outs, { name: inputs.name, startTime: inputs.startTime });
    expect(open.diff).toMatchObject({ updates: ["endTime"] });
    expect((await get(`/api/v1/sessions/${made.id}`))["end_time"]).toBeNull();
    expect(project.diff(open.outs, project.check({}, { ...inputs, startTime: "2026-03-01T00:00:00Z" }).inputs)).toMatchObject({ replaces: ["startTime"] });
    expect(project.check({}, { ...inputs, endTime: "next week" }).failures).toEqual([{ property: "endTime", reason: expect.stringMatching(/ISO 8601/) }]);

    const plain = await create(project, { name: "no-window" });
    expect(plain.outs["startTime"]).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    const plainRead = await project.read(operation(), plain.id, plain.outs);
    expect(plainRead?.props["startTime"]).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(project.diff(plainRead?.props as Properties, project.check({}, { name: "no-window" }).inputs)).toMatchObject({ changes: false });
    await project.delete(operation(), plain.id, plain.outs);
    await project.delete(operation(), made.id, open.outs);
  });

  test("Prompt restrictedMode: sent at the create, read back, changed in place, and removed from the program set back to false", async () => {
    const made = await create(prompt, { handle: "restricted-greeter", restrictedMode: true });
    const repo = async () => (await get("/api/v1/repos/-/restricted-greeter"))["repo"] as Record<string, unknown>;
    expect((await repo())["restricted_mode"]).toBe(true);
    const read = await prompt.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ restrictedMode: true });
    const off = await update(prompt, made.id, read?.props as Properties, { handle: "restricted-greeter" });
    expect(off.diff).toMatchObject({ changes: true, replaces: [], updates: ["restrictedMode"] });
    expect((await repo())["restricted_mode"]).toBe(false);
    expect(prompt.diff(off.outs, prompt.check({}, { handle: "restricted-greeter", restrictedMode: false }).inputs)).toMatchObject({ changes: false });
    expect(prompt.check({}, { handle: "restricted-greeter", restrictedMode: "yes" }).failures).toHaveLength(1);
    await prompt.delete(operation(), made.id, off.outs);
  });

  test("Dataset baselineExperimentId: update-only on the service, so a create that sets it sends a PATCH right after; changed in place, cleared when removed", async () => {
    const plain = await create(dataset, { name: "baseline-evals" });
    const first = await create(project, { name: "baseline-run-1", referenceDatasetId: plain.id });
    const second = await create(project, { name: "baseline-run-2", referenceDatasetId: plain.id });

    const set = await update(dataset, plain.id, plain.outs, { name: "baseline-evals", baselineExperimentId: first.id });
    expect(set.diff).toMatchObject({ changes: true, replaces: [], updates: ["baselineExperimentId"] });
    expect((await get(`/api/v1/datasets/${plain.id}`))["baseline_experiment_id"]).toBe(first.id);
    const read = await dataset.read(operation(), plain.id, set.outs);
    expect(read?.props).toMatchObject({ baselineExperimentId: first.id });
    const moved = await update(dataset, plain.id, read?.props as Properties, { name: "baseline-evals", baselineExperimentId: second.id });
    expect((await get(`/api/v1/datasets/${plain.id}`))["baseline_experiment_id"]).toBe(second.id);
    const cleared = await update(dataset, plain.id, moved.outs, { name: "baseline-evals" });
    expect(cleared.diff).toMatchObject({ updates: ["baselineExperimentId"] });
    expect((await get(`/api/v1/datasets/${plain.id}`))["baseline_experiment_id"]).toBeNull();

    // A dataset created with a baseline: the PATCH after the create (an experiment of another dataset here, which the service refuses).
    emulator.control.clearRequestLog();
    const born = (await create(dataset, { name: "born-with-baseline", baselineExperimentId: first.id }).catch((failure: unknown) => failure)) as {
      message: string;
      id: string;
      properties: Properties;
    };
    // The service has the dataset: the failure keeps it in the stack, named, for the next up to finish.
    expect(born).toMatchObject({
      message: expect.stringMatching(/^creating dataset "born-with-baseline": setting baselineExperimentId: 404/),
      id: expect.any(String),
    });
    expect(requests("POST", "/api/v1/datasets").map((r) => r.status)).toEqual([200]);
    const patches = requests("PATCH", "/api/v1/datasets/");
    expect(patches).toHaveLength(1);
    expect(patches[0]?.status).toBe(404);

    await project.delete(operation(), first.id, first.outs);
    await project.delete(operation(), second.id, second.outs);
    await dataset.delete(operation(), plain.id, cleared.outs);
    await dataset.delete(operation(), born.id, born.properties);
  });

  test("SsoSettings attributeMapping: sent as the service's keys, read back without the default array: false, changed in place, emptied when removed", async () => {
    configure(DEFAULT_ORG_API_KEY);
    const base = {
      metadataUrl: "https://idp.example.com/metadata",
      defaultWorkspaceRoleId: "00000000-0000-4000-8000-000000000a06",
      defaultWorkspaceIds: [DEFAULT_WORKSPACE_ID],
    };
    const made = await create(ssoSettings, { ...base, attributeMapping: { email: { name: "mail" } } });
    const answer = async () => ((await get("/api/v1/orgs/current/sso-settings", DEFAULT_ORG_API_KEY)) as unknown as Record<string, unknown>[])[0];
    expect((await answer())?.["attribute_mapping"]).toMatchObject({ keys: { email: { name: "mail" } } });
    const read = await ssoSettings.read(operation(), made.id, made.outs);
    expect(read?.props["attributeMapping"]).toEqual({ email: { name: "mail" } });
    expect(ssoSettings.diff(read?.props as Properties, ssoSettings.check({}, { ...base, attributeMapping: { email: { name: "mail" } } }).inputs)).toMatchObject(
      {
        changes: false,
      },
    );

    const groups = { email: { name: "mail" }, groups: { name: "memberOf", array: true } };
    const changed = await update(ssoSettings, made.id, read?.props as Properties, { ...base, attributeMapping: groups });
    expect(changed.diff).toMatchObject({ changes: true, replaces: [], updates: ["attributeMapping"] });
    expect((await answer())?.["attribute_mapping"]).toMatchObject({ keys: { groups: { name: "memberOf", array: true } } });
    expect((await ssoSettings.read(operation(), made.id, changed.outs))?.props["attributeMapping"]).toEqual(groups);
    const emptied = await update(ssoSettings, made.id, changed.outs, base);
    expect(emptied.diff).toMatchObject({ updates: ["attributeMapping"] });
    expect((await answer())?.["attribute_mapping"]).toEqual({ keys: {} });
    expect((await ssoSettings.read(operation(), made.id, emptied.outs))?.props["attributeMapping"]).toBeUndefined();
    expect(ssoSettings.check({}, { ...base, attributeMapping: { email: { name: "mail", array: false } } }).failures).toHaveLength(1);
    await ssoSettings.delete(operation(), made.id, emptied.outs);
  });

  test("AnnotationQueue sessionIds: sent at the create (an unknown project is refused by the service), a later change does nothing, never read back", async () => {
    const seed = await create(project, { name: "queue-seed" });
    const made = await create(annotationQueue, { name: "seeded-queue", sessionIds: [seed.id] });
    const read = await annotationQueue.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ name: "seeded-queue" });
    expect(annotationQueue.diff(read?.props as Properties, annotationQueue.check({}, { name: "seeded-queue", sessionIds: [] }).inputs)).toMatchObject({
      changes: false,
    });
    expect(annotationQueue.diff(made.outs, annotationQueue.check({}, { name: "seeded-queue" }).inputs)).toMatchObject({ changes: false });
    const unknownProject = "7d3f1c2b-5a6e-4f80-9b1c-2d3e4f5a6b7c";
    await expect(create(annotationQueue, { name: "unseeded-queue", sessionIds: [unknownProject] })).rejects.toThrow(
      /creating annotation queue "unseeded-queue": 404 .*session/,
    );
    expect(annotationQueue.check({}, { name: "q", sessionIds: ["not-a-uuid"] }).failures).toHaveLength(1);
    await annotationQueue.delete(operation(), made.id, made.outs);
    await project.delete(operation(), seed.id, seed.outs);
  });

  test("RunRule tracerSessionIssueId: sent at the create only (the update has no such field: an in-place change sends none), another issue replaces the rule", async () => {
    const proj = await create(project, { name: "issue-rules" });
    const issueId = "4b1d2c3e-6f7a-4b8c-9d0e-1f2a3b4c5d6e";
    const inputs = { displayName: "rule for an issue", projectId: proj.id, samplingRate: 0.5, tracerSessionIssueId: issueId };
    const made = await create(runRule, inputs);
    expect(made.outs).toMatchObject({ tracerSessionIssueId: issueId });
    const read = await runRule.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ tracerSessionIssueId: issueId });
    // The request watch would fail this test had the PATCH carried the field (the contract's update has none).
    const changed = await update(runRule, made.id, read?.props as Properties, { ...inputs, samplingRate: 0.25 });
    expect(changed.diff).toMatchObject({ changes: true, replaces: [], updates: ["samplingRate"] });
    expect(runRule.diff(changed.outs, runRule.check({}, { ...inputs, tracerSessionIssueId: "5c2e3d4f-7a8b-4c9d-8e0f-2a3b4c5d6e7f" }).inputs)).toMatchObject({
      replaces: ["tracerSessionIssueId"],
    });
    await runRule.delete(operation(), made.id, changed.outs);
    await project.delete(operation(), proj.id, proj.outs);
  });

  test("OrganizationMember userId: unset while the invitation is pending, the person's user id once accepted (read by a refresh), and no change to the inputs", async () => {
    configure(DEFAULT_ORG_API_KEY);
    const invited = await create(organizationMember, { email: "noor@example.com" });
    expect(invited.outs).toMatchObject({ status: "pending" });
    expect(invited.outs).not.toHaveProperty("userId");
    emulator.control.acceptInvite(invited.outs["identityId"] as string);
    const active = await organizationMember.read(operation(), invited.id, invited.outs);
    expect(active?.props).toMatchObject({ status: "active", userId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const listed = (await get("/api/v1/orgs/current/members", DEFAULT_ORG_API_KEY))["members"] as Record<string, unknown>[];
    expect(listed.find((m) => m["email"] === "noor@example.com")?.["user_id"]).toBe(active?.props["userId"]);
    expect(organizationMember.diff(active?.props as Properties, organizationMember.check({}, { email: "noor@example.com" }).inputs)).toMatchObject({
      changes: false,
    });
    expect(organizationMember.check({}, { email: "noor@example.com", userId: "x" }).failures).toHaveLength(1);
    await organizationMember.delete(operation(), invited.id, active?.props as Properties);
  });
});
