import * as pulumi from "@pulumi/pulumi";

// The sdk class under Pulumi's mocks: type token, inputs sent, secrecy of credentials.
interface Registered {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
}
const registered: Registered[] = [];

pulumi.runtime.setMocks(
  {
    newResource: (args) => {
      registered.push({ type: args.type, name: args.name, inputs: args.inputs as Record<string, unknown> });
      return { id: "0b0e5bd4-7f2b-4f9d-9d1e-36a0f0b6a0e1", state: { ...args.inputs, lastOperation: "created" } };
    },
    call: () => ({}),
  },
  "project",
  "stack",
  false,
);

function value<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply((v) => resolve(v)));
}

describe("BulkExportDestination (sdk class)", () => {
  it("registers pulumi-nodejs:dynamic/langsmith:BulkExportDestination with credentials as a secret", async () => {
    const { BulkExportDestination } = await import("../../sdk/dynamic");
    const dest = new BulkExportDestination("exports", {
      displayName: "trace exports",
      config: { bucketName: "b", prefix: "p", region: "us-east-1" },
      credentials: { accessKeyId: "AKIA", secretAccessKey: "plain-string-secret" },
    });
    expect(await value(dest.id)).toBe("0b0e5bd4-7f2b-4f9d-9d1e-36a0f0b6a0e1");
    expect(await value(dest.lastOperation)).toBe("created");
    const credentials = (dest as unknown as { credentials: pulumi.Output<unknown> }).credentials;
    expect(await pulumi.isSecret(credentials)).toBe(true);
    const entry = registered.find((r) => r.name === "exports");
    expect(entry?.type).toBe("pulumi-nodejs:dynamic/langsmith:BulkExportDestination");
    expect(entry?.inputs).toMatchObject({ displayName: "trace exports", config: { bucketName: "b", prefix: "p", region: "us-east-1" } });
    expect(typeof entry?.inputs["__provider"]).toBe("string");
    expect(String(entry?.inputs["__provider"])).not.toContain("plain-string-secret");
    expect(String(entry?.inputs["__provider"])).toContain('require("pulumi-langsmith/provider/" + moduleName)');
  });
});
