// The rotation example (examples/rotation) run as its README says: two key
// pairs in stack config, rotation in two `pulumi up` steps.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { type CommandResult, createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { startVersitygw, type Versitygw } from "../helpers/versitygw";

const EXAMPLE = join(__dirname, "..", "..", "examples", "rotation", "index.ts");

describe("examples/rotation", () => {
  let gw: Versitygw;
  let emulator: Emulator;
  let project: PulumiProject;

  beforeAll(async () => {
    gw = await startVersitygw();
    await gw.createBucket("rotation");
    emulator = await createEmulator({ s3EndpointOverride: gw.endpoint });
  }, 60_000);

  afterAll(async () => {
    project?.cleanup();
    await emulator?.close();
    await gw?.stop();
  });

  it("rotates from key pair A to key pair B with one PATCH, then drops key pair A with no change", async () => {
    project = await createPulumiProject({
      name: "rotation",
      program: readFileSync(EXAMPLE, "utf8"),
      // The example uses TypeScript syntax: have the Node.js runtime load it through ts-node.
      env: { PULUMI_NODEJS_TYPESCRIPT: "true" },
      config: {
        "langsmith:apiUrl": emulator.url,
        "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
        "langsmith:apiKey": { secret: DEFAULT_API_KEY },
        "rotation:bucketName": "rotation",
        "rotation:region": "us-east-1",
      },
    });
    writeFileSync(join(project.dir, "tsconfig.json"), readFileSync(join(EXAMPLE, "..", "tsconfig.json")));
    const outputs: CommandResult[] = [];
    const setPath = (key: string, value: string, secret: boolean): Promise<CommandResult> =>
      project.runOk(["config", "set", "--stack", project.stack, "--path", ...(secret ? ["--secret"] : []), key, "--", value]);
    await setPath("keyPairA.accessKeyId", gw.users.full.accessKeyId, true);
    await setPath("keyPairA.secretAccessKey", gw.users.full.secretAccessKey, true);

    const created = await project.up();
    outputs.push(created);
    expect(created.output).toContain("2 created");
    expect(created.code).toBe(0);

    // Step 1: provision key pair B, switch to it, pulumi up: an update (PATCH), not a replacement.
    await setPath("keyPairB.accessKeyId", gw.users.noDelete.accessKeyId, true);
    await setPath("keyPairB.secretAccessKey", gw.users.noDelete.secretAccessKey, true);
    await project.setConfig("activeKeyPair", "b");
    const preview = await project.preview();
    outputs.push(preview);
    expect(preview.output).toContain("1 to update");
    emulator.control.clearRequestLog();
    const rotated = await project.up();
    outputs.push(rotated);
    expect(rotated.code).toBe(0);
    expect(rotated.output).toContain("1 updated");
    expect(emulator.control.requestLog().map((r) => r.method)).toEqual(["PATCH"]);
    const stack = JSON.parse((await project.runOk(["stack", "output", "--json", "--stack", project.stack])).stdout) as Record<string, unknown>;
    expect(stack["lastOperation"]).toMatch(
      /^rotated credentials \(access key id and secret access key changed; test write to s3:\/\/rotation\/langsmith\/exports\/tmp\/ passed\)$/,
    );
    expect(stack["activeKeyPair"]).toBe("b");

    // Step 2: after in-flight runs end and key pair A is revoked, remove it: nothing changes.
    await project.runOk(["config", "rm", "--stack", project.stack, "--path", "keyPairA"]);
    const dropped = await project.up(["--expect-no-changes"]);
    outputs.push(dropped);
    expect(dropped.code).toBe(0);

    const destroyed = await project.destroy();
    outputs.push(destroyed);
    expect(destroyed.code).toBe(0);

    const texts = [...outputs.map((o) => o.output), project.rawStateFile()];
    for (const secret of [gw.users.full.secretAccessKey, gw.users.noDelete.secretAccessKey]) {
      for (const text of texts) expect(text).not.toContain(secret);
    }
  });
});
