// BulkExportDestination end to end: the real Pulumi CLI runs programs that use
// the package installed from its tarball; the emulator's test writes and
// export runs go to a real versitygw with per-user permissions.
import { FINGERPRINT_ALGORITHM } from "../../provider/engine/secrets/fingerprint";
import { writeFileSync } from "node:fs";
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { createClient, type LangSmithClient, NotFoundError } from "../../provider/client";
import { createPulumiProject, type CommandResult, type PulumiProject } from "../helpers/pulumiProject";
import { type S3Credentials, startVersitygw, type Versitygw, type VersitygwAccessLogEntry } from "../helpers/versitygw";
import { destinationCalls } from "../../provider/exports/destination/endpoints";

const BUCKET = "e2e-exports";
const OTHER_BUCKET = "e2e-exports-two";
const TOKEN_CANARY = "canary-session-token-3b9d41e7";
const WRONG_SECRET_CANARY = "canary-secret-access-key-8a2f6c05";
const TYPE = "pulumi-nodejs:dynamic/langsmith:BulkExportDestination";

interface DestinationSpec {
  name: string;
  displayName: string;
  bucket: string;
  prefix: string;
  keys: S3Credentials;
  sessionToken?: string;
  /** Non-AWS endpoint with virtual-host addressing. */
  virtualEndpoint?: string;
}

/** A program declaring the given destinations (credentials as plain strings: the class must make them secret). */
function program(specs: DestinationSpec[]): string {
  const lines = ['import { BulkExportDestination } from "pulumi-langsmith/dynamic";'];
  for (const spec of specs) {
    const config = spec.virtualEndpoint
      ? { bucketName: spec.bucket, prefix: spec.prefix, region: "us-east-1", endpointUrl: spec.virtualEndpoint, addressingStyle: "virtual" }
      : { bucketName: spec.bucket, prefix: spec.prefix, region: "us-east-1" };
    const credentials = {
      accessKeyId: spec.keys.accessKeyId,
      secretAccessKey: spec.keys.secretAccessKey,
      ...(spec.sessionToken ? { sessionToken: spec.sessionToken } : {}),
    };
    lines.push(
      // The variable gets a suffix: a TypeScript program compiled to CommonJS cannot declare `exports`.
      `const ${spec.name}Destination = new BulkExportDestination(${JSON.stringify(spec.name)}, ${JSON.stringify({ displayName: spec.displayName, config, credentials })});`,
      `export const ${spec.name}Id = ${spec.name}Destination.id;`,
      `export const ${spec.name}LastOperation = ${spec.name}Destination.lastOperation;`,
    );
  }
  return lines.join("\n") + "\n";
}

describe("BulkExportDestination end to end", () => {
  let gw: Versitygw;
  let emulator: Emulator;
  let client: LangSmithClient;
  let project: PulumiProject;
  const outputs: string[] = [];

  beforeAll(async () => {
    gw = await startVersitygw();
    await gw.createBucket(BUCKET);
    await gw.createBucket(OTHER_BUCKET);
    // A service that can delete destinations (an emulator option); the published contract's cannot: see the last test.
    emulator = await createEmulator({ s3EndpointOverride: gw.endpoint, destinationDelete: true });
    client = createClient({ apiUrl: `${emulator.url}/api/v1`, controlPlaneUrl: emulator.url, apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID });
  }, 60_000);

  afterAll(async () => {
    project?.cleanup();
    await emulator?.close();
    await gw?.stop();
  });

  function secrets(): string[] {
    return [TOKEN_CANARY, WRONG_SECRET_CANARY, ...Object.values(gw.users).map((u) => u.secretAccessKey)];
  }

  async function cli(result: Promise<CommandResult>): Promise<CommandResult> {
    const done = await result;
    outputs.push(done.output);
    return done;
  }

  async function expectNoSecretsAnywhere(): Promise<void> {
    const exported = JSON.stringify(await project.exportStack());
    const raw = project.rawStateFile();
    for (const secret of secrets()) {
      expect(raw).not.toContain(secret);
      expect(exported).not.toContain(secret);
      for (const output of outputs) expect(output).not.toContain(secret);
    }
  }

  async function destinations(): Promise<Array<{ urn: string; id?: string; outputs?: Record<string, unknown> }>> {
    return ((await project.exportStack()).deployment.resources ?? []).filter((r) => r.type === TYPE);
  }

  async function accessLogWhen(ready: (log: VersitygwAccessLogEntry[]) => boolean): Promise<VersitygwAccessLogEntry[]> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const log = await gw.accessLog();
      if (ready(log) || Date.now() > deadline) return log;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The plaintext of the state's (secret) credentials fingerprint, read with --show-secrets (kept out of the leak checks). */
  async function stateFingerprint(): Promise<unknown> {
    const shown = JSON.parse((await project.runOk(["stack", "export", "--show-secrets", "--stack", project.stack])).stdout) as {
      deployment: { resources?: Array<{ urn: string; outputs?: Record<string, unknown> }> };
    };
    const secret = shown.deployment.resources?.find((r) => r.urn.endsWith("::exports"))?.outputs?.["credentialsFingerprint"] as
      { plaintext?: string } | undefined;
    return secret?.plaintext === undefined ? secret : (JSON.parse(secret.plaintext) as unknown);
  }

  function destinationRequests(): string[] {
    return emulator.control
      .requestLog()
      .filter((r) => r.path.includes("/bulk-exports/destinations"))
      .map((r) => `${r.method} ${r.status}`);
  }

  it("creates, rotates in place, refuses bad keys, replaces on a bucket change, refreshes and destroys, never leaking a secret", async () => {
    const main = (keys: S3Credentials, bucket = BUCKET, prefix = "main"): DestinationSpec => ({
      name: "exports",
      displayName: "trace exports",
      bucket,
      prefix,
      keys,
      sessionToken: TOKEN_CANARY,
    });
    const virtual: DestinationSpec = {
      name: "virtualExports",
      displayName: "virtual exports",
      bucket: BUCKET,
      prefix: "virtual",
      keys: gw.users.noDelete,
      virtualEndpoint: gw.virtualHostEndpoint,
    };
    project = await createPulumiProject({
      name: "destination",
      program: program([main(gw.users.full), virtual]),
      config: {
        "langsmith:apiUrl": emulator.url,
        "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
        "langsmith:apiKey": { secret: DEFAULT_API_KEY },
      },
    });

    // 1. Create: full-access keys (test object deleted) and a no-delete user on a virtual-host endpoint (object stays).
    const created = await cli(project.up());
    expect(created.code).toBe(0);
    expect(created.output).toContain("3 created");
    const createdResources = await destinations();
    let exportsRes = createdResources.find((r) => r.urn.endsWith("::exports"));
    const virtualRes = createdResources.find((r) => r.urn.endsWith("::virtualExports"));
    const firstId = exportsRes?.id ?? "";
    expect(firstId).toMatch(/^[0-9a-f-]{36}$/);
    expect(exportsRes?.outputs).toMatchObject({
      displayName: "trace exports",
      tenantId: DEFAULT_WORKSPACE_ID,
      credentialsKeys: ["access_key_id", "secret_access_key", "session_token"],
      lastOperation: `created destination "trace exports" (test write to s3://${BUCKET}/main/tmp/ passed)`,
      stateVersion: 2,
    });
    expect(exportsRes?.outputs).not.toHaveProperty("credentials");
    expect(JSON.stringify(exportsRes?.outputs?.["credentialsFingerprint"])).toContain("ciphertext");
    expect(await gw.listObjects(BUCKET, "main/")).toEqual([]);
    const leftByNoDelete = await gw.listObjects(BUCKET, "virtual/");
    expect(leftByNoDelete).toHaveLength(1);
    expect(leftByNoDelete[0]).toMatch(/^virtual\/tmp\//);
    const virtualPut = (await accessLogWhen((log) => log.some((e) => e.key.startsWith("virtual/tmp/")))).find(
      (e) => e.operation === "PutObject" && e.key.startsWith("virtual/tmp/"),
    );
    expect(virtualPut?.requestUri.startsWith("/virtual/tmp/")).toBe(true); // bucket in the host name, not the path
    expect(virtualPut?.bucket).toBe(BUCKET);
    expect(virtualRes?.outputs?.["lastOperation"]).toContain(`at ${gw.virtualHostEndpoint} passed`);
    expect((await cli(project.preview(["--expect-no-changes"]))).code).toBe(0);
    await expectNoSecretsAnywhere();

    // 2. Rotate to the no-delete user's keys: the preview shows an update, not a replace; one PATCH.
    project.writeProgram(program([main(gw.users.noDelete), virtual]));
    const rotationPreview = await cli(project.preview(["--diff"]));
    expect(rotationPreview.code).toBe(0);
    expect(rotationPreview.output).toContain("1 to update");
    expect(rotationPreview.output).not.toMatch(/to replace/);
    const inflight = emulator.control.startExportRun(firstId, { durationMs: 12_000, intervalMs: 250 });
    emulator.control.clearRequestLog();
    const rotated = await cli(project.up(["--debug"]));
    expect(rotated.code).toBe(0);
    expect(rotated.output).toContain("1 updated");
    expect(destinationRequests()).toEqual(["PATCH 200"]);
    const patchedAtMs = Date.parse(emulator.control.requestLog().find((r) => r.method === "PATCH")?.time ?? "");
    const after = emulator.control.startExportRun(firstId, { durationMs: 300, intervalMs: 100 });
    const [oldRun, newRun] = await Promise.all([emulator.control.waitForExportRun(inflight.id), emulator.control.waitForExportRun(after.id)]);
    expect(oldRun).toMatchObject({ status: "succeeded", accessKeyId: gw.users.full.accessKeyId, error: null });
    expect(newRun).toMatchObject({ status: "succeeded", accessKeyId: gw.users.noDelete.accessKeyId, error: null });
    expect(oldRun.finishedAtMs ?? 0).toBeGreaterThan(patchedAtMs); // it was still running during the rotation
    exportsRes = (await destinations()).find((r) => r.urn.endsWith("::exports"));
    expect(exportsRes?.id).toBe(firstId);
    expect(exportsRes?.outputs?.["lastOperation"]).toBe(
      `rotated credentials (access key id and secret access key changed; test write to s3://${BUCKET}/main/tmp/ passed)`,
    );
    const rotatedOutputs = exportsRes?.outputs;
    const rotatedFingerprint = await stateFingerprint();
    expect(rotatedFingerprint).toMatchObject({ algorithm: FINGERPRINT_ALGORITHM });
    expect((await cli(project.preview(["--expect-no-changes"]))).code).toBe(0);

    // 3. Rotate to read-only keys: 400, clear message, state unchanged, rotation still pending.
    project.writeProgram(program([main(gw.users.readOnly), virtual]));
    const refused = await cli(project.up());
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('rotating credentials of bulk-export destination "trace exports": the new credentials could not write');
    expect(refused.output).toContain("the destination still uses the previous credentials");
    const { credentialsFingerprint: _before, ...rotatedPlain } = rotatedOutputs ?? {};
    const { credentialsFingerprint: _after, ...refusedPlain } = (await destinations()).find((r) => r.urn.endsWith("::exports"))?.outputs ?? {};
    expect(refusedPlain).toEqual(rotatedPlain);
    expect(await stateFingerprint()).toEqual(rotatedFingerprint); // still the accepted keys' fingerprint
    const stillOld = emulator.control.startExportRun(firstId, { durationMs: 1 });
    expect((await emulator.control.waitForExportRun(stillOld.id)).accessKeyId).toBe(gw.users.noDelete.accessKeyId);
    const pending = await cli(project.preview());
    expect(pending.output).toContain("1 to update");

    // 4. Create with read-only keys fails with the access-denied hint and leaves nothing in state.
    const denied: DestinationSpec = { name: "denied", displayName: "denied exports", bucket: BUCKET, prefix: "denied", keys: gw.users.readOnly };
    const wrongSecret: DestinationSpec = {
      name: "wrongSecret",
      displayName: "wrong secret",
      bucket: BUCKET,
      prefix: "wrong",
      keys: { accessKeyId: gw.users.full.accessKeyId, secretAccessKey: WRONG_SECRET_CANARY },
    };
    project.writeProgram(program([main(gw.users.noDelete), virtual, denied, wrongSecret]));
    // Both creates are attempted whichever fails first (the engine starts no new step after a failure otherwise).
    const deniedUp = await cli(project.up(["--continue-on-error"]));
    expect(deniedUp.code).not.toBe(0);
    expect(deniedUp.output).toContain('creating bulk-export destination "denied exports": 400 BadRequest');
    expect(deniedUp.output).toContain("Access denied");
    expect(deniedUp.output).toContain("grant s3:PutObject on the bucket and prefix");
    const afterDenied = await destinations();
    expect(afterDenied.map((r) => r.urn.split("::").pop()).sort()).toEqual(["exports", "virtualExports"]);
    expect((await destinationCalls.list(client)).filter((d) => d.display_name === "denied exports" || d.display_name === "wrong secret")).toEqual([]);

    // 5. Change the bucket: replace (new one created first, then the old one deleted).
    project.writeProgram(program([main(gw.users.noDelete, OTHER_BUCKET, "moved"), virtual]));
    const replacePreview = await cli(project.preview(["--diff"]));
    if (process.env["DEST_E2E_DUMP"]) writeFileSync(process.env["DEST_E2E_DUMP"], `${rotationPreview.output}\n=====\n${replacePreview.output}`);
    // Previews with -v=9 or --debug: the engine logs the resource inputs it handles, and answers a preview
    // with the planned inputs, secrets included (Pulumi behaviour for any provider, out of this package's
    // reach). Outputs must never carry them: a line holding a secret is never a map of outputs (which
    // always hold lastOperation and credentialsFingerprint). `pulumi up --debug` above is fully checked.
    const verbose = await project.preview(["--debug", "-v=9", "--logtostderr"]);
    const leakingLines = verbose.output.split("\n").filter((line) => secrets().some((secret) => line.includes(secret)));
    for (const line of leakingLines) {
      expect(line).not.toContain("lastOperation");
      expect(line).not.toContain("credentialsFingerprint");
    }
    expect(replacePreview.output).toContain("1 to replace");
    emulator.control.clearRequestLog();
    const replaced = await cli(project.up());
    expect(replaced.code).toBe(0);
    expect(replaced.output).toContain("1 replaced");
    expect(destinationRequests()).toEqual(["POST 200", "DELETE 204"]);
    const newId = (await destinations()).find((r) => r.urn.endsWith("::exports"))?.id ?? "";
    expect(newId).not.toBe(firstId);
    await expect(destinationCalls.get(client, firstId)).rejects.toBeInstanceOf(NotFoundError);
    expect(await gw.listObjects(OTHER_BUCKET, "moved/tmp/")).toHaveLength(1); // no-delete user: the test object stays

    // 6. Deleted outside Pulumi: refresh drops it from the state.
    await destinationCalls.delete(client, newId);
    const refreshed = await cli(project.refresh());
    expect(refreshed.code).toBe(0);
    expect((await destinations()).map((r) => r.urn.split("::").pop())).toEqual(["virtualExports"]);
    await expectNoSecretsAnywhere();

    // 7. Destroy.
    project.writeProgram(program([virtual]));
    const destroyed = await cli(project.destroy());
    expect(destroyed.code).toBe(0);
    expect(await destinations()).toEqual([]);
    expect((await destinationCalls.list(client)).length).toBe(0);
    await expectNoSecretsAnywhere();
  });

  it("on a service without DELETE (the published contract), replace and destroy leave the old destinations in the workspace with one warning each", async () => {
    const contractLike = await createEmulator({ s3EndpointOverride: gw.endpoint });
    const contractClient = createClient({
      apiUrl: `${contractLike.url}/api/v1`,
      controlPlaneUrl: contractLike.url,
      apiKey: DEFAULT_API_KEY,
      workspaceId: DEFAULT_WORKSPACE_ID,
    });
    const spec = (prefix: string): DestinationSpec => ({ name: "kept", displayName: "kept exports", bucket: BUCKET, prefix, keys: gw.users.full });
    const kept = await createPulumiProject({
      name: "destination-kept",
      program: program([spec("kept-one")]),
      config: {
        "langsmith:apiUrl": contractLike.url,
        "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
        "langsmith:apiKey": { secret: DEFAULT_API_KEY },
      },
    });
    try {
      expect((await kept.up()).code).toBe(0);
      const firstId = (await destinationCalls.list(contractClient))[0]?.id ?? "";
      const warning = (id: string) =>
        `bulk-export destination "kept exports": removed from the stack, but the service cannot delete destinations: destination ${id} stays in the workspace; make sure no bulk export uses it`;

      kept.writeProgram(program([spec("kept-two")]));
      const replaced = await kept.up();
      expect(replaced.code).toBe(0);
      expect(replaced.output).toContain("1 replaced");
      expect(replaced.output).toContain(warning(firstId));
      // One warning from the provider: the CLI shows it while running and once more under "Diagnostics".
      const diagnostics = replaced.output.slice(replaced.output.indexOf("Diagnostics:"));
      expect(diagnostics.split(warning(firstId)).length - 1).toBe(1);
      const ids = (await destinationCalls.list(contractClient)).map((d) => d.id);
      expect(ids).toHaveLength(2);
      const secondId = ids.find((id) => id !== firstId) ?? "";

      const destroyed = await kept.destroy();
      expect(destroyed.code).toBe(0);
      expect(destroyed.output).toContain(warning(secondId));
      const state = (await kept.exportStack()).deployment.resources ?? [];
      expect(state.filter((r) => r.type === TYPE)).toEqual([]);
      expect((await destinationCalls.list(contractClient)).map((d) => d.id).sort()).toEqual([firstId, secondId].sort());
      const deletes = contractLike.control
        .requestLog()
        .filter((r) => r.method === "DELETE")
        .map((r) => r.status);
      expect(deletes).toEqual([405, 405]);
    } finally {
      kept.cleanup();
      await contractLike.close();
    }
  });
});
