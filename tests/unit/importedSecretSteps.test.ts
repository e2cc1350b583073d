// What check says of a secret the service never returns, as the code
// `pulumi import --out` writes it (issue 32): `value: ""` for a workspace
// secret, `actions: []` for an alert rule. The message is the exact next
// step: the `pulumi config set --secret` line and the program's read of it.
import { configKeyFor } from "../../provider/engine/fields/secretSteps";
import { resource as workspaceSecret } from "../../provider/organization/workspaceSecret";
import { resource as alertRule } from "../../provider/tracing/alertRule";

const PROJECT = "0f8b3c1e-5d2a-4c7b-9e1f-2a3b4c5d6e7f";

describe("check of an imported secret the service never returns", () => {
  test('a workspace secret with value "" names its config key and the requireSecret line', () => {
    const { failures } = workspaceSecret.check({}, { key: "OPENAI_API_KEY", value: "" });
    expect(failures).toEqual([
      {
        property: "value",
        reason:
          "value is required, and the service never returns it (an imported secret has none): " +
          'set it with `pulumi config set --secret openaiApiKey <value>`, then in the program `value: config.requireSecret("openaiApiKey")`',
      },
    ]);
  });

  test("an alert rule with actions [] names a webhook config key after the alert", () => {
    const inputs = {
      projectId: PROJECT,
      name: "error rate",
      attribute: "error_count",
      aggregation: "sum",
      operator: "gte",
      threshold: 5,
      windowMinutes: 5,
      actions: [],
    };
    const failure = alertRule.check({}, inputs).failures.find((f) => f.property === "actions");
    expect(failure?.reason).toContain("`pulumi config set --secret errorRateWebhookUrl <url>`");
    expect(failure?.reason).toContain('`actions: [{ target: "webhook", config: { url: config.requireSecret("errorRateWebhookUrl") } }]`');
  });

  test("config keys are camelCase of the object's name, with a fallback for names that cannot be one", () => {
    expect(configKeyFor("OPENAI_API_KEY", "", "x")).toBe("openaiApiKey");
    expect(configKeyFor("error rate", "webhookUrl", "x")).toBe("errorRateWebhookUrl");
    expect(configKeyFor("9LIVES", "", "secretValue")).toBe("secretValue");
    expect(configKeyFor(undefined, "", "secretValue")).toBe("secretValue");
  });
});
