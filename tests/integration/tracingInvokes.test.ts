// getProject and getDataset through the native functions against the
// emulator: by id and by name, `found: false` for neither, and the settings
// and statistics their `details` hold (the fields the Terraform data sources
// read: a dataset's schemas, metadata and externally_managed; a project's
// reference dataset and extra).
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { createClient, type LangSmithClient } from "../../provider/client";
import { nativeFunction } from "../../provider/native/functions";

describe("getProject and getDataset against the emulator", () => {
  let emulator: Emulator;
  let client: LangSmithClient;
  let dataset: Record<string, unknown>;
  let experiment: Record<string, unknown>;

  const post = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    const response = await fetch(`${emulator.url}${path}`, {
      method: "POST",
      headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const run = (token: string, args: Record<string, unknown>) =>
    nativeFunction(`langsmith:index:${token}`)?.run(client, args) as Promise<Record<string, unknown>>;

  beforeAll(async () => {
    emulator = await createEmulator();
    client = createClient({ controlPlaneUrl: emulator.url, apiUrl: emulator.url, apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID, maxRetries: 0 });
    dataset = await post("/api/v1/datasets", {
      name: "lookup-dataset",
      inputs_schema_definition: { type: "object" },
      externally_managed: true,
      extra: { metadata: { team: "support" } },
    });
    experiment = await post("/api/v1/sessions", { name: "lookup-experiment", reference_dataset_id: dataset["id"], extra: { metadata: { run: 1 } } });
  });

  afterAll(async () => {
    await emulator.close();
  });

  it("getDataset by name and by id: its schemas, metadata and externally_managed among the details", async () => {
    const byName = await run("getDataset", { name: "lookup-dataset" });
    expect(byName).toMatchObject({ found: true, id: dataset["id"], name: "lookup-dataset" });
    expect(byName["details"]).toMatchObject({
      inputs_schema_definition: { type: "object" },
      metadata: { team: "support" },
      externally_managed: true,
      data_type: "kv",
      example_count: 0,
    });
    expect(await run("getDataset", { id: dataset["id"] })).toMatchObject({ found: true, name: "lookup-dataset" });
    expect(await run("getDataset", { name: "no-such-dataset" })).toEqual({ found: false });
  });

  it("getProject by name and by id: the reference dataset of an experiment and its extra among the details", async () => {
    const byName = await run("getProject", { name: "lookup-experiment" });
    expect(byName).toMatchObject({ found: true, id: experiment["id"] });
    expect(byName["details"]).toMatchObject({ reference_dataset_id: dataset["id"], extra: { metadata: { run: 1 } } });
    expect(await run("getProject", { id: experiment["id"] })).toMatchObject({ found: true, name: "lookup-experiment" });
    expect(await run("getProject", { name: "no-such-project" })).toEqual({ found: false });
  });
});
