// getPromptCommit through the native function against the emulator: what it
// answers is exactly what its schema declares (commitId included), so the
// typed SDKs can read every field of it.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { createClient, type LangSmithClient } from "../../provider/client";
import { nativeFunction } from "../../provider/native/functions";
import { packageSchema } from "../../provider/native/schema";

const MANIFEST = {
  lc: 1,
  type: "constructor",
  id: ["langchain", "prompts", "prompt", "PromptTemplate"],
  kwargs: { input_variables: ["question"], template: "Answer: {question}", template_format: "f-string" },
};

describe("getPromptCommit against the emulator", () => {
  let emulator: Emulator;
  let client: LangSmithClient;

  beforeAll(async () => {
    emulator = await createEmulator();
    client = createClient({ controlPlaneUrl: emulator.url, apiUrl: emulator.url, apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID, maxRetries: 0 });
    const post = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
      const response = await fetch(`${emulator.url}${path}`, {
        method: "POST",
        headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as Record<string, unknown>;
    };
    await post("/api/v1/repos", { repo_handle: "triage", is_public: false });
    await post("/commits/-/triage", { manifest: MANIFEST });
  });

  afterAll(async () => {
    await emulator.close();
  });

  it("answers the latest commit with its id, and only outputs its schema declares", async () => {
    const fn = nativeFunction("langsmith:index:getPromptCommit");
    const answer = (await fn?.run(client, { promptHandle: "triage" })) as Record<string, unknown>;
    expect(answer).toMatchObject({
      found: true,
      commitHash: expect.stringMatching(/^[0-9a-f]{8,}$/),
      commitId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      manifest: MANIFEST,
    });
    const declared = Object.keys(packageSchema("0.0.0-test").functions["langsmith:index:getPromptCommit"]?.outputs.properties ?? {});
    expect(Object.keys(answer).filter((key) => !declared.includes(key))).toEqual([]);
  });
});
