// The bad-input catalogue of issue 8: invalid inputs across both resources,
// the invokes and the provider configuration. Every case is refused with a
// message naming the property, before any request: resources by `check`,
// the configuration by `configure`, invokes by client-side validation. The
// API URL points at a closed port, so a request that slipped through would
// surface as a connection error instead of the expected class.
//
// A representative subset runs through `pulumi preview` in
// tests/e2e/reliabilityBadInput.test.ts, where the emulator's request log
// proves that no request was made.
import type * as pulumi from "@pulumi/pulumi";
import { ConfigurationError, InvalidRequestError } from "../../provider/client";
import { provider as deploymentProvider } from "../../provider/dynamic/deployment";
import { provider as destinationProvider } from "../../provider/dynamic/destination";
import { getDeployment, getDeploymentRevisions } from "../../sdk/dynamic/deploymentInvokes";
import { BAD_INPUT_CANARY, CONFIG_CASES, DEPLOYMENT_CASES, DESTINATION_CASES, INVOKE_CASES } from "../helpers/badInputs";

const CLOSED_PORT_URL = "http://127.0.0.1:9";

/** Runs an invoke case; returns the error it threw. */
async function invokeError(invoke: { name: "getDeployment" | "getDeploymentRevisions"; args: Record<string, unknown> }): Promise<unknown> {
  try {
    if (invoke.name === "getDeployment") await getDeployment(invoke.args as unknown as Parameters<typeof getDeployment>[0]);
    else await getDeploymentRevisions(invoke.args as unknown as Parameters<typeof getDeploymentRevisions>[0]);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("bad input catalogue: refused before any request, naming the property", () => {
  const saved = { ...process.env };
  const messages: string[] = [];

  beforeAll(() => {
    Object.assign(process.env, {
      LANGSMITH_API_KEY: "lsv2_pt_catalogue_key",
      LANGSMITH_CONTROL_PLANE_URL: CLOSED_PORT_URL,
      LANGSMITH_ENDPOINT: CLOSED_PORT_URL,
    });
  });

  afterAll(() => {
    process.env = saved;
    const total = DEPLOYMENT_CASES.length + DESTINATION_CASES.length + CONFIG_CASES.length + INVOKE_CASES.length;
    console.log(
      `bad input catalogue: ${total} cases refused (deployment ${DEPLOYMENT_CASES.length}, destination ${DESTINATION_CASES.length}, ` +
        `configuration ${CONFIG_CASES.length}, invokes ${INVOKE_CASES.length})`,
    );
    for (const message of messages) expect(message).not.toContain(BAD_INPUT_CANARY);
  });

  it("has at least 40 cases", () => {
    expect(DEPLOYMENT_CASES.length + DESTINATION_CASES.length + CONFIG_CASES.length + INVOKE_CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(DEPLOYMENT_CASES.map((c) => [c.what, c] as const))("Deployment: %s", async (_what, c) => {
    const result = await deploymentProvider.check!({}, { __provider: "shim", ...c.inputs });
    const failure = result.failures?.find((f) => f.property === c.property);
    expect({ property: c.property, failures: result.failures }).toEqual({
      property: c.property,
      failures: expect.arrayContaining([expect.objectContaining({ property: c.property })]),
    });
    messages.push(failure?.reason ?? "");
    expect(failure?.reason).toMatch(c.reason ?? /./);
  });

  it.each(DESTINATION_CASES.map((c) => [c.what, c] as const))("BulkExportDestination: %s", async (_what, c) => {
    const result = await destinationProvider.check!({}, { __provider: "shim", ...c.inputs });
    const failure = result.failures?.find((f) => f.property === c.property);
    expect({ property: c.property, failures: result.failures }).toEqual({
      property: c.property,
      failures: expect.arrayContaining([expect.objectContaining({ property: c.property })]),
    });
    messages.push(failure?.reason ?? "");
    expect(failure?.reason).toMatch(c.reason ?? /./);
  });

  it.each(CONFIG_CASES.map((c) => [c.what, c] as const))("configuration: %s", async (_what, c) => {
    const request = { config: { get: (key: string) => c.config[key] } } as unknown as pulumi.dynamic.ConfigureRequest;
    let caught: unknown;
    try {
      await deploymentProvider.configure!(request);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigurationError);
    const message = (caught as Error).message;
    messages.push(message, (caught as Error).stack ?? "");
    expect(message).toContain(c.property);
  });

  it.each(INVOKE_CASES.map((c) => [c.what, c] as const))("invoke: %s", async (_what, c) => {
    const error = await invokeError(c.invoke);
    expect(error).toBeInstanceOf(InvalidRequestError);
    const message = (error as Error).message;
    messages.push(message);
    expect(message).toContain(c.property);
  });
});
