// A PromptWebhook whose program leaves `triggers` out (issue 32): after a
// refresh the outputs hold the service's default (every event), and the next
// preview shows no change; a program that narrows the triggers still does.
import { fingerprintSecrets } from "../../provider/engine/secrets/secretFingerprints";
import { PROMPT_WEBHOOK_FIELDS, resource as promptWebhook } from "../../provider/tracing/promptWebhook";

const inputs = { url: "https://hooks.example.com/prompts" };
// The outputs a create records (fingerprints of the secret inputs, none set here), then a refresh's triggers.
const refreshed = {
  ...inputs,
  secretFingerprints: fingerprintSecrets(PROMPT_WEBHOOK_FIELDS, inputs),
  triggers: ["tag:update", "commit", "tag:create"],
  stateVersion: 1,
};

describe("PromptWebhook triggers left to the service", () => {
  test("the service's default read back by a refresh is no change", () => {
    const checked = promptWebhook.check(refreshed, inputs).inputs;
    expect(promptWebhook.diff(refreshed, checked)).toMatchObject({ changes: false, replaces: [], updates: [] });
  });

  test("triggers the service changed to fewer events are drift", () => {
    const checked = promptWebhook.check(refreshed, inputs).inputs;
    expect(promptWebhook.diff({ ...refreshed, triggers: ["commit"] }, checked)).toMatchObject({ changes: true, updates: ["triggers"] });
  });

  test("a program that sets fewer triggers is an update", () => {
    const checked = promptWebhook.check(refreshed, { ...inputs, triggers: ["commit"] }).inputs;
    expect(promptWebhook.diff(refreshed, checked)).toMatchObject({ changes: true, updates: ["triggers"] });
  });
});
