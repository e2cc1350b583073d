// AnnotationQueueReviewer (issue 46), in-process against the emulator as the
// native provider calls it: an assignment has no service object, so its id
// is `<queueId>/<identityId>`; create is one POST, refresh reads the queue's
// `assigned_reviewers` (and sees an assignment removed outside the stack),
// both inputs replace, import takes `[<workspaceId>/]<queueId>/<identityId>`,
// an identity the queue already has is refused with the import hint, one
// that is no member of the workspace is the service's 404, the list function
// lists the queue's reviewers, and destroy unassigns (a queue already gone
// is done).
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ConflictError, NotFoundError } from "../../provider/client/errors";
import { nativeFunction } from "../../provider/native/functions";
import { resource as queue } from "../../provider/tracing/annotationQueue";
import { resource as reviewer } from "../../provider/tracing/datasets/annotationQueueReviewer";
import { configureWith, operation } from "../helpers/providerConfig";
import { createChecked as create } from "../helpers/kindSteps";

describe("AnnotationQueueReviewer against the emulator", () => {
  let emulator: Emulator;
  let queueId: string;
  const identities: string[] = [];

  /** A call to the emulator as a user's script makes it; answers the status and the body. */
  async function call(method: string, path: string, body?: unknown, apiKey = DEFAULT_API_KEY): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": apiKey, "x-tenant-id": DEFAULT_WORKSPACE_ID, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as unknown) };
  }

  /** The queue's reviewers' ids as the service answers them. */
  async function assigned(id = queueId): Promise<string[]> {
    const got = await call("GET", `/api/v1/annotation-queues/${id}`);
    return ((got.body as { assigned_reviewers: { id: string }[] }).assigned_reviewers ?? []).map((one) => one.id);
  }

  /** A person invited to the organization and its default workspace, who accepts: answers their identity in the workspace. */
  async function workspaceIdentity(email: string): Promise<string> {
    const invited = await call("POST", "/api/v1/orgs/current/members", { email, workspace_ids: [DEFAULT_WORKSPACE_ID] }, DEFAULT_ORG_API_KEY);
    expect(invited.status).toBe(200);
    emulator.control.acceptInvite(String((invited.body as { id: string }).id));
    const members = (await call("GET", "/api/v1/workspaces/current/members")).body as { members: { id: string; email: string }[] };
    return String(members.members.find((member) => member.email === email)?.id);
  }

  /** Runs a native function (a list function or a lookup) as the native provider does; answers its result. */
  async function runFunction(token: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    const fn = nativeFunction(`langsmith:index:${token}`);
    if (fn === undefined) throw new Error(`no function ${token}`);
    const context = operation();
    return (await fn.run(await context.client(), args, context)) as Record<string, unknown>;
  }

  const assignments = () => emulator.control.requestLog().filter((entry) => entry.method === "POST" && entry.path.endsWith("/reviewers"));

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
    queueId = (await create(queue, { name: "reviewed runs" })).id;
    for (const email of ["ana@example.com", "ben@example.com"]) identities.push(await workspaceIdentity(email));
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  test("create, refresh, drift, replace, import, an identity already assigned, list, delete", async () => {
    const [ana, ben] = identities as [string, string];
    emulator.control.clearRequestLog();
    const made = await create(reviewer, { queueId, identityId: ana });
    expect(made.id).toBe(`${queueId}/${ana}`);
    expect(assignments()).toHaveLength(1);
    expect(await assigned()).toEqual([ana]);
    expect(made.outs).toMatchObject({ queueId, identityId: ana, reviewerEmail: "ana@example.com", tenantId: DEFAULT_WORKSPACE_ID });
    expect(reviewer.diff(made.outs, reviewer.check(made.outs, made.inputs).inputs).changes).toBe(false);

    // Refresh finds the identity among the queue's reviewers.
    const read = await reviewer.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ queueId, identityId: ana, reviewerEmail: "ana@example.com" });
    expect(reviewer.diff(read?.props ?? {}, reviewer.check(made.outs, made.inputs).inputs).changes).toBe(false);

    // Either input replaces the assignment.
    expect(reviewer.diff(made.outs, reviewer.check(made.outs, { queueId, identityId: ben }).inputs)).toMatchObject({ changes: true, replaces: ["identityId"] });
    const other = (await create(queue, { name: "other reviewed runs" })).id;
    expect(reviewer.diff(made.outs, reviewer.check(made.outs, { queueId: other, identityId: ana }).inputs)).toMatchObject({ replaces: ["queueId"] });

    // Import by `<queueId>/<identityId>` and with the workspace before it; an identity not assigned is not found.
    for (const given of [`${queueId}/${ana}`, `${DEFAULT_WORKSPACE_ID}/${queueId}/${ana}`]) {
      const imported = await reviewer.import(operation(), given);
      expect({ given, id: imported?.id, inputs: imported?.inputs }).toMatchObject({ given, id: made.id, inputs: { queueId, identityId: ana } });
    }
    expect(await reviewer.import(operation(), `${queueId}/${ben}`)).toBeUndefined();

    // An identity the queue already has is refused with the import hint, and nothing is sent.
    emulator.control.clearRequestLog();
    const taken = reviewer.create(operation(), reviewer.check({}, { queueId, identityId: ana }).inputs);
    await expect(taken).rejects.toThrow(ConflictError);
    await expect(taken).rejects.toThrow(/identityId "[0-9a-f-]+" already exists.*pulumi import/s);
    expect(assignments()).toHaveLength(0);

    // An identity that is no member of the workspace is the service's 404, naming the action.
    const stranger = reviewer.create(operation(), reviewer.check({}, { queueId, identityId: "00000000-0000-4000-8000-00000000abcd" }).inputs);
    await expect(stranger).rejects.toThrow(NotFoundError);
    await expect(stranger).rejects.toThrow(/creating annotation-queue reviewer.*not a member/s);

    // The queue's reviewers, each as its import id, and the list function and lookup as the native provider runs them.
    const second = await create(reviewer, { queueId, identityId: ben });
    expect(await reviewer.list?.(operation(), { workspaceId: DEFAULT_WORKSPACE_ID, parents: { queueId } })).toEqual([
      { importId: `${DEFAULT_WORKSPACE_ID}/${queueId}/${ana}`, id: made.id, name: "ana@example.com" },
      { importId: `${DEFAULT_WORKSPACE_ID}/${queueId}/${ben}`, id: second.id, name: "ben@example.com" },
    ]);
    const listed = (await runFunction("getAnnotationQueueReviewers", { queueId }))["annotationQueueReviewers"] as Record<string, unknown>[];
    expect(listed).toEqual([
      expect.objectContaining({ id: made.id, queueId, identityId: ana, reviewerEmail: "ana@example.com" }),
      expect.objectContaining({ id: second.id, identityId: ben, reviewerEmail: "ben@example.com" }),
    ]);
    expect(await runFunction("getAnnotationQueueReviewer", { queueId, identityId: ben })).toEqual(expect.objectContaining({ found: true, id: second.id }));

    // An assignment removed outside the stack: the next refresh drops it (the next up assigns it again).
    expect((await call("DELETE", `/api/v1/platform/annotation-queues/${queueId}/reviewers/${ben}`)).status).toBe(204);
    expect(await reviewer.read(operation(), second.id, second.outs)).toBeUndefined();

    // Destroy unassigns; a second destroy, and one after the queue is gone, are done.
    await reviewer.delete(operation(), made.id, made.outs);
    expect(await assigned()).toEqual([]);
    expect(await reviewer.read(operation(), made.id, made.outs)).toBeUndefined();
    await expect(reviewer.delete(operation(), made.id, made.outs)).resolves.toBeUndefined();
    await queue.delete(operation(), queueId, { name: "reviewed runs", tenantId: DEFAULT_WORKSPACE_ID });
    await expect(reviewer.delete(operation(), made.id, made.outs)).resolves.toBeUndefined();
  });

  test("the service's answers: idempotent assignment, 400 for a malformed identity, 404 for an unknown queue, a reviewer leaving the workspace", async () => {
    const id = (await create(queue, { name: "service answers" })).id;
    const [ana] = identities as [string];
    const reviewers = `/api/v1/platform/annotation-queues/${id}/reviewers`;
    expect(await call("POST", reviewers, { identity_id: ana })).toEqual({ status: 201, body: { identity_id: ana } });
    expect(await call("POST", reviewers, { identity_id: ana })).toEqual({ status: 201, body: { identity_id: ana } });
    expect(await assigned(id)).toEqual([ana]);
    expect((await call("POST", reviewers, { identity_id: "ana" })).status).toBe(400);
    expect((await call("POST", reviewers, {})).status).toBe(400);
    expect((await call("POST", "/api/v1/platform/annotation-queues/00000000-0000-4000-8000-000000000000/reviewers", { identity_id: ana })).status).toBe(404);
    const carl = await workspaceIdentity("carl@example.com");
    expect((await call("POST", reviewers, { identity_id: carl })).status).toBe(201);
    expect((await call("DELETE", `/api/v1/workspaces/current/members/${carl}`)).status).toBe(200);
    expect(await assigned(id)).toEqual([ana]);
  });
});
