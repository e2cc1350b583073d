// SandboxSnapshot (provider/organization/sandboxSnapshot), called in-process
// against the emulator as the native provider calls it: create waits through
// `building` until `ready` (a private image through a SandboxRegistry's
// registryId); refresh; every input replaces; import by id and by
// `name:tag`; `getSandboxSnapshots`; a tag another snapshot took makes the
// next up build it anew; a failed build names the service's reason, stays in
// the stack as failed and is replaced by the next up; a wait past its
// deadline is resumed by the next up; a registry the workspace lacks is
// refused; delete makes it gone.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { BadRequestError } from "../../provider/client/errors";
import type { OperationContext } from "../../provider/engine/context/operation";
import { ProviderSession } from "../../provider/engine/context/session";
import { DYNAMIC_SESSION } from "../../provider/engine/dynamic";
import type { Properties } from "../../provider/engine/resource";
import { isPartialFailure } from "../../provider/engine/state/partialFailure";
import { nativeFunction } from "../../provider/native/functions";
import { resource as sandboxRegistry } from "../../provider/organization/sandboxRegistry";
import { resource as snapshot } from "../../provider/organization/sandboxSnapshot";
import { createChecked } from "../helpers/kindSteps";
import { configureWith } from "../helpers/providerConfig";

const GIB = 1024 * 1024 * 1024;

describe("sandbox snapshots against the emulator", () => {
  let emulator: Emulator;
  const lines: string[] = [];

  /** The context of one call, its progress lines kept; `timeoutSeconds` as the engine's customTimeouts. */
  const operation = (timeoutSeconds?: number): OperationContext =>
    DYNAMIC_SESSION.operation({ log: (_severity, message) => lines.push(message), ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}) });

  const create = (news: Properties, context = operation()) => createChecked(snapshot, news, context);

  /** Runs `getSandboxSnapshots` as the native provider does. */
  async function listSnapshots(args: Properties = {}): Promise<Properties[]> {
    const session = new ProviderSession();
    const settings: Record<string, string> = {
      "langsmith:apiUrl": emulator.url,
      "langsmith:apiKey": DEFAULT_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    };
    session.configure((key) => settings[key]);
    const context = session.operation({ log: () => undefined });
    const fn = nativeFunction("langsmith:index:getSandboxSnapshots");
    if (fn === undefined) throw new Error("no function getSandboxSnapshots");
    const result = await fn.run(await context.client(), args, context);
    return result["sandboxSnapshots"] as Properties[];
  }

  /** A snapshot made outside Pulumi, straight at the service. */
  async function createDirectly(body: Properties): Promise<Response> {
    return fetch(`${emulator.url}/api/v2/sandboxes/snapshots`, {
      method: "POST",
      headers: { "X-Api-Key": DEFAULT_API_KEY, "X-Tenant-Id": DEFAULT_WORKSPACE_ID, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
    process.env["LANGSMITH_POLL_MIN_INTERVAL_MS"] = "20";
  });

  afterAll(async () => {
    delete process.env["LANGSMITH_POLL_MIN_INTERVAL_MS"];
    jest.restoreAllMocks();
    await emulator?.close();
  });

  beforeEach(() => {
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
    lines.length = 0;
  });

  test("a snapshot of a private image: create waits until ready; refresh; every input replaces; import by id and name:tag; the list function; delete", async () => {
    const registry = await createChecked(sandboxRegistry, { name: "ghcr", url: "ghcr.io", username: "bot", password: "token" });
    const registryId = registry.outs["registryId"];
    expect(registryId).toMatch(/^[0-9a-f-]{36}$/);
    expect(registry.id).toBe("ghcr");

    const made = await create({
      name: "agent-base",
      tag: "v1",
      dockerImage: "ghcr.io/acme/agent-base:1.4",
      fsCapacityBytes: 4 * GIB,
      labels: { team: "platform" },
      registryId,
    });
    expect(made.outs).toMatchObject({ name: "agent-base", tag: "v1", status: "ready", tags: ["v1"], registryId, labels: { team: "platform" } });
    expect(String(made.outs["imageDigest"])).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(typeof made.outs["fsUsedBytes"]).toBe("number");
    expect(made.outs["statusMessage"] ?? "").toBe("");
    // The create's answer (building), then each poll's change of status, ready last.
    expect(lines.some((line) => line.includes('sandbox snapshot "agent-base": building'))).toBe(true);
    expect(lines.some((line) => line.includes('sandbox snapshot "agent-base": ready'))).toBe(true);

    const read = await snapshot.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ name: "agent-base", tag: "v1", dockerImage: "ghcr.io/acme/agent-base:1.4", fsCapacityBytes: 4 * GIB, status: "ready" });
    const same = snapshot.check(made.outs, { ...made.inputs });
    expect(snapshot.diff(read?.props ?? {}, same.inputs)).toMatchObject({ changes: false });
    for (const [path, value] of [
      ["dockerImage", "ghcr.io/acme/agent-base:1.5"],
      ["fsCapacityBytes", 8 * GIB],
      ["tag", "v2"],
      ["labels", { team: "ml" }],
    ] as const) {
      const diff = snapshot.diff(made.outs, snapshot.check(made.outs, { ...made.inputs, [path]: value }).inputs);
      expect(diff).toMatchObject({ changes: true, replaces: [path], deleteBeforeReplace: false });
    }

    for (const given of [made.id, "agent-base:v1", `${DEFAULT_WORKSPACE_ID}/agent-base:v1`]) {
      const imported = await snapshot.import(operation(), given);
      expect(imported?.id).toBe(made.id);
      expect(imported?.inputs).toMatchObject({
        name: "agent-base",
        tag: "v1",
        dockerImage: "ghcr.io/acme/agent-base:1.4",
        fsCapacityBytes: 4 * GIB,
        labels: { team: "platform" },
        registryId,
      });
    }
    expect(await snapshot.import(operation(), "agent-base:v9")).toBeUndefined();

    const listed = (await listSnapshots({ nameContains: "agent", status: "ready" })).find((object) => object["id"] === made.id);
    expect(listed).toMatchObject({ name: "agent-base", status: "ready", dockerImage: "ghcr.io/acme/agent-base:1.4" });
    expect(await listSnapshots({ status: "failed" })).not.toContainEqual(expect.objectContaining({ id: made.id }));

    await snapshot.delete(operation(), made.id, made.outs);
    expect(await snapshot.read(operation(), made.id, made.outs)).toBeUndefined();
    await sandboxRegistry.delete(operation(), registry.id, registry.outs);
  });

  test("a snapshot made outside Pulumi with the same name and tag takes the tag: refresh sees it, and the next up builds it anew", async () => {
    const made = await create({ name: "shared", dockerImage: "python:3.12-slim", fsCapacityBytes: 2 * GIB });
    expect(made.outs).toMatchObject({ tag: "latest", tags: ["latest"] });
    expect((await createDirectly({ name: "shared", docker_image: "python:3.13-slim", fs_capacity_bytes: 2 * GIB })).status).toBe(201);
    const read = await snapshot.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ tag: "latest", tags: [] });
    const diff = snapshot.diff(read?.props ?? {}, snapshot.check(read?.props ?? {}, made.inputs).inputs);
    expect(diff).toMatchObject({ changes: true, replaces: ["tags"] });
    await snapshot.delete(operation(), made.id, read?.props ?? {});
  });

  test("a failed build names the service's reason and stays in the stack as failed; the next up replaces it", async () => {
    emulator.control.failNextSnapshotBuild("broken", "pull access denied for acme/private");
    const error = await create({ name: "broken", dockerImage: "acme/private:1", fsCapacityBytes: GIB }).catch((e: unknown) => e);
    expect(isPartialFailure(error)).toBe(true);
    const failure = error as { id: string; properties: Properties; message: string };
    expect(failure.message).toMatch(/waiting for sandbox snapshot "broken" to be ready: it is failed \(pull access denied for acme\/private\)/);
    expect(failure.properties).toMatchObject({ status: "failed", statusMessage: "pull access denied for acme/private" });
    const checked = snapshot.check(failure.properties, { name: "broken", dockerImage: "acme/private:1", fsCapacityBytes: GIB });
    expect(snapshot.diff(failure.properties, checked.inputs)).toMatchObject({ changes: true, replaces: ["status"] });
    // A failed snapshot can be deleted, as the replacement does.
    await snapshot.delete(operation(), failure.id, failure.properties);
    expect(await snapshot.read(operation(), failure.id, failure.properties)).toBeUndefined();
  });

  test("a wait past its deadline says how to resume; the next up waits until it is ready", async () => {
    emulator.control.setTimings({ snapshotBuildMs: 1_500 });
    try {
      const error = await create({ name: "slow", dockerImage: "python:3.12", fsCapacityBytes: GIB }, operation(1)).catch((e: unknown) => e);
      expect(isPartialFailure(error)).toBe(true);
      const failure = error as { id: string; properties: Properties; message: string };
      expect(failure.message).toMatch(/still building after .*run pulumi up again to resume waiting/);
      expect(failure.properties).toMatchObject({ status: "building" });
      const checked = snapshot.check(failure.properties, { name: "slow", dockerImage: "python:3.12", fsCapacityBytes: GIB });
      expect(snapshot.diff(failure.properties, checked.inputs)).toMatchObject({ changes: true, replaces: [], pending: true });
      const resumed = await snapshot.update(operation(), failure.id, failure.properties, checked.inputs);
      expect(resumed.outs).toMatchObject({ status: "ready", tags: ["latest"] });
      await snapshot.delete(operation(), failure.id, resumed.outs as Properties);
    } finally {
      emulator.control.setTimings({ snapshotBuildMs: 300 });
    }
  });

  test("refusals: a registry the workspace does not have (the service's 400, naming the action and the registry); inputs check refuses before any request", async () => {
    const refused = await create({
      name: "orphan",
      dockerImage: "python:3.12",
      fsCapacityBytes: GIB,
      registryId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01",
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BadRequestError);
    expect(String(refused)).toMatch(/creating sandbox snapshot "orphan".*registry 5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01 not found/);
    const failures = snapshot.check({}, { name: "", dockerImage: "python:3.12", fsCapacityBytes: 0, registryId: "ghcr" }).failures.map((f) => f.property);
    expect(failures.sort()).toEqual(["fsCapacityBytes", "name", "registryId"]);
  });
});
