// The emulator's `afterCreate` fault (docs/emulator.md, Faults): each object
// created while the rule is registered arms it once, and the first later
// request naming the new id, other than a POST, gets the fault; other
// requests and a second read pass untouched.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";

describe("emulator: a fault on the request after a create", () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await createEmulator({ control: true });
  });

  afterAll(async () => {
    await emulator.close();
  });

  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>) };
  }

  it("faults the first read of each created object once, and nothing else", async () => {
    emulator.control.injectFault({ path: "/api/v1/sessions*", afterCreate: true, status: 401, body: { detail: "Invalid token" } });
    const first = await call("POST", "/api/v1/sessions", { name: "after-create-a" });
    const second = await call("POST", "/api/v1/sessions", { name: "after-create-b" });
    expect([first.status, second.status]).toEqual([200, 200]);
    const [a, b] = [String(first.body["id"]), String(second.body["id"])];

    expect((await call("GET", "/api/v1/sessions")).status).toBe(200);
    expect((await call("GET", `/api/v1/sessions/${b}`)).status).toBe(401);
    expect((await call("GET", `/api/v1/sessions/${b}`)).status).toBe(200);
    expect((await call("PATCH", `/api/v1/sessions/${a}`, { description: "x" })).status).toBe(401);
    expect((await call("GET", `/api/v1/sessions/${a}`)).status).toBe(200);

    // A create on a path the rule does not match arms nothing.
    const dataset = await call("POST", "/api/v1/datasets", { name: "after-create-dataset" });
    expect(dataset.status).toBe(200);
    expect((await call("GET", `/api/v1/datasets/${String(dataset.body["id"])}`)).status).toBe(200);

    // Cleared: a new create arms nothing.
    emulator.control.clearFaults();
    const third = await call("POST", "/api/v1/sessions", { name: "after-create-c" });
    expect((await call("GET", `/api/v1/sessions/${String(third.body["id"])}`)).status).toBe(200);
  });
});
