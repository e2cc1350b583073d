// What an error says, end to end against the emulator (issue 32): a 403 for a
// workspace-scoped key names the workspace (an id, not a secret), while the
// key itself never appears.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { createClient, PermissionDeniedError, REDACTED } from "../../provider/client";
import { ROLE_ENDPOINTS } from "../../provider/organization/role";

describe("error messages", () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await createEmulator();
  });

  afterAll(async () => {
    await emulator.close();
  });

  test("a 403 for a workspace-scoped key on an organization route names the workspace, and not the key", async () => {
    const client = createClient({
      controlPlaneUrl: emulator.url,
      apiUrl: emulator.url,
      apiKey: DEFAULT_API_KEY,
      workspaceId: DEFAULT_WORKSPACE_ID,
      maxRetries: 0,
    });
    const refused = client.resources.send(ROLE_ENDPOINTS.create, {
      action: 'creating role "reviewers"',
      body: { display_name: "reviewers", description: "", permissions: ["projects:read"] },
    });
    const error = await refused.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PermissionDeniedError);
    const message = (error as Error).message;
    expect(message).toContain(`this key is scoped to workspace ${DEFAULT_WORKSPACE_ID}`);
    expect(message).not.toContain(REDACTED);
    expect(message).not.toContain(DEFAULT_API_KEY);
  });
});
