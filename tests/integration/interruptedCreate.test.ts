// A create whose response is lost (the service committed it, the connection
// failed before the answer came back) is the engine's to resolve, for every
// kind with a natural key: it looks the object up by that key before sending
// the create again, so the service holds exactly one object and the stack
// records it. The emulator's `drop: "after-commit"` fault runs the route and
// destroys the connection instead of answering.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { resource as project } from "../../provider/tracing/project";
import { resource as dataset } from "../../provider/tracing/dataset";
import { configureWith, operation } from "../helpers/providerConfig";

describe("an interrupted create is adopted by the engine, for every kind with a natural key", () => {
  let emulator: Emulator;

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator({ control: true });
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  afterEach(() => emulator.control.clearFaults());

  it.each([
    { kind: project, path: "/api/v1/sessions", inputs: { name: "interrupted-project" } },
    { kind: dataset, path: "/api/v1/datasets", inputs: { name: "interrupted-dataset" } },
  ])("$kind.token: the create's lost answer is found by name, and the service holds one object", async ({ kind, path, inputs }) => {
    emulator.control.injectFault({ method: "POST", path, drop: "after-commit" });
    const checked = kind.check({}, inputs);
    expect(checked.failures).toEqual([]);
    const created = await kind.create(operation(), checked.inputs);
    const posts = emulator.control.requestLog().filter((entry) => entry.method === "POST" && entry.path === path);
    // One POST only: the second was not needed, the first had been committed.
    expect(posts).toHaveLength(1);
    const listed = (await (
      await fetch(`${emulator.url}${path}?name=${inputs.name}`, { headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID } })
    ).json()) as { id: string; name: string }[];
    const same = listed.filter((item) => item.name === inputs.name);
    expect(same.map((item) => item.id)).toEqual([created.id]);
    expect(String((created.outs as Record<string, unknown>)["lastOperation"])).toContain("found by name after the create response was lost");
  });

  it("a create that never reached the service is sent again once", async () => {
    emulator.control.injectFault({ method: "POST", path: "/api/v1/sessions", drop: "before-handler" });
    const checked = project.check({}, { name: "never-reached" });
    const created = await project.create(operation(), checked.inputs);
    const posts = emulator.control.requestLog().filter((entry) => entry.method === "POST" && entry.path === "/api/v1/sessions");
    expect(posts.length).toBeGreaterThanOrEqual(1);
    expect(String((created.outs as Record<string, unknown>)["lastOperation"])).toMatch(/^created/);
    const listed = (await (
      await fetch(`${emulator.url}/api/v1/sessions?name=never-reached`, { headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID } })
    ).json()) as { id: string; name: string }[];
    expect(listed.filter((item) => item.name === "never-reached").map((item) => item.id)).toEqual([created.id]);
  });
});
