/**
 * A declared (CRUD) resource's secret comparison without hashing: `check`
 * marks inputs whose secret fields equal the previous inputs'
 * (SECRETS_UNCHANGED_KEY), and `diff` then skips the scrypt fingerprints
 * where the record holds one for the field. The fingerprint comparison (one
 * scrypt hash each) is spied on to count hashes.
 */
import * as fingerprint from "../../provider/engine/secrets/fingerprint";
import { resource as workspaceSecret } from "../../provider/organization/workspaceSecret";
import { resource as project } from "../../provider/tracing/project";
import {
  fingerprintSecrets,
  markUnchangedSecretFields,
  SECRETS_UNCHANGED_KEY,
  SECRET_FINGERPRINTS_OUTPUT,
} from "../../provider/engine/secrets/secretFingerprints";
import { WORKSPACE_SECRET_FIELDS } from "../../provider/organization/workspaceSecret";
import { UNKNOWN } from "../../provider/engine/fields/values";

const inputs = (value: unknown) => ({ key: "OPENAI_API_KEY", value });
/** What the outputs of a create with `value` record: the echoed key and the value's fingerprint. */
const outputsFor = (value: string) => ({
  key: "OPENAI_API_KEY",
  [SECRET_FINGERPRINTS_OUTPUT.name]: fingerprintSecrets(WORKSPACE_SECRET_FIELDS, inputs(value)),
  stateVersion: 1,
});

describe("check marks secret fields equal to the previous inputs'", () => {
  test.each([
    ["the same value", inputs("canary-fast-a"), inputs("canary-fast-a"), true],
    ["a changed value", inputs("canary-fast-a"), inputs("canary-fast-b"), false],
    ["an unknown value (preview)", inputs("canary-fast-a"), inputs(UNKNOWN), false],
    ["a create (no previous inputs: the record will be made from these values)", {}, inputs("canary-fast-a"), true],
    ["a create with an unknown value (preview)", {}, inputs(UNKNOWN), false],
    ["a value set where there was none", { key: "OPENAI_API_KEY" }, inputs("canary-fast-a"), false],
  ])("%s", (_label, olds, news, marked) => {
    const checked = workspaceSecret.check(olds, news);
    expect(checked.failures).toEqual([]);
    expect(checked.inputs[SECRETS_UNCHANGED_KEY] === true).toBe(marked);
    expect(JSON.stringify(checked.inputs[SECRETS_UNCHANGED_KEY] ?? null)).not.toContain("canary");
  });

  test("a stale mark in the new inputs is dropped when the values differ; a kind without secret fields is never marked", () => {
    const checked = markUnchangedSecretFields(WORKSPACE_SECRET_FIELDS, inputs("a"), { ...inputs("b"), [SECRETS_UNCHANGED_KEY]: true });
    expect(checked[SECRETS_UNCHANGED_KEY]).toBeUndefined();
    expect(project.check({ name: "p" }, { name: "p" }).inputs[SECRETS_UNCHANGED_KEY]).toBeUndefined();
  });
});

describe("diff of a marked secret", () => {
  afterEach(() => jest.restoreAllMocks());

  test("unchanged since the last inputs: no change, no hash", () => {
    const olds = outputsFor("canary-fast-a");
    const hashes = jest.spyOn(fingerprint, "fingerprintMatches");
    const checked = workspaceSecret.check(inputs("canary-fast-a"), inputs("canary-fast-a"));
    expect(workspaceSecret.diff(olds, checked.inputs).changes).toBe(false);
    expect(hashes).not.toHaveBeenCalled();
  });

  test("changed: a change, found by the fingerprint", () => {
    const olds = outputsFor("canary-fast-a");
    const hashes = jest.spyOn(fingerprint, "fingerprintMatches");
    const checked = workspaceSecret.check(inputs("canary-fast-a"), inputs("canary-fast-b"));
    expect(workspaceSecret.diff(olds, checked.inputs)).toMatchObject({ changes: true, updates: ["value"] });
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  test("marked, but the record holds no fingerprint for the field (an import): compared as before, a change", () => {
    const olds = { key: "OPENAI_API_KEY", stateVersion: 1 };
    const checked = workspaceSecret.check(inputs("canary-fast-a"), inputs("canary-fast-a"));
    expect(checked.inputs[SECRETS_UNCHANGED_KEY]).toBe(true);
    expect(workspaceSecret.diff(olds, checked.inputs)).toMatchObject({ changes: true, updates: ["value"] });
  });

  test("a refresh after a create: the stored inputs (marked by the create's check) diff against the record with no hash", () => {
    const stored = workspaceSecret.check({}, inputs("canary-fast-a")).inputs;
    const olds = outputsFor("canary-fast-a");
    const hashes = jest.spyOn(fingerprint, "fingerprintMatches");
    expect(workspaceSecret.diff(olds, stored).changes).toBe(false);
    expect(hashes).not.toHaveBeenCalled();
    // A preview that changes the value goes through check again, which drops the mark: the fingerprint decides.
    const changed = workspaceSecret.check(stored, inputs("canary-fast-b")).inputs;
    expect(workspaceSecret.diff(olds, changed).changes).toBe(true);
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  test("unmarked (a diff without check, e.g. from older state): the fingerprint decides, both ways", () => {
    const olds = outputsFor("canary-fast-a");
    expect(workspaceSecret.diff(olds, inputs("canary-fast-a")).changes).toBe(false);
    expect(workspaceSecret.diff(olds, inputs("canary-fast-b")).changes).toBe(true);
  });
});
