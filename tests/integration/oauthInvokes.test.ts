import { DEFAULT_API_KEY } from "../../packages/emulator/src";
import { InvalidRequestError } from "../../provider/client";
import { getOAuthProviders, getOAuthTokenStatus } from "../../sdk/dynamic/oauthInvokes";
import { emulatorEnv, type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";

// The OAuth invokes against the emulator's Auth Service, configured through
// the LANGSMITH_* fallbacks (no Pulumi runtime in this process).
describe("OAuth invokes", () => {
  let stack: EmulatorStack;
  const saved = { ...process.env };

  beforeAll(async () => {
    stack = await startEmulatorStack();
    Object.assign(process.env, emulatorEnv(stack));
  });

  afterAll(async () => {
    process.env = saved;
    await stack?.emulator.close();
  });

  it("lists the organization's providers and checks a token", async () => {
    const providers = await getOAuthProviders();
    expect(providers.map((p) => p.providerId)).toContain("github");
    await expect(getOAuthTokenStatus({ providerId: "github" })).resolves.toEqual({ hasToken: false });
  });

  it("refuses an empty providerId before sending anything", async () => {
    stack.emulator.control.clearRequestLog();
    await expect(getOAuthTokenStatus({ providerId: " " })).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(getOAuthTokenStatus({ providerId: "" })).rejects.toThrow("providerId is required");
    expect(stack.emulator.control.requestLog()).toHaveLength(0);
  });

  it("fails with the config key to set when no credentials are configured", async () => {
    delete process.env["LANGSMITH_API_KEY"];
    try {
      await expect(getOAuthProviders()).rejects.toThrow(/langsmith:apiKey/);
    } finally {
      process.env["LANGSMITH_API_KEY"] = DEFAULT_API_KEY;
    }
  });
});
