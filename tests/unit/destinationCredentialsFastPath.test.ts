/**
 * The destination's credential comparison without hashing: `check` marks
 * inputs whose credentials equal the previous inputs' (CREDENTIALS_UNCHANGED_KEY),
 * and `diff` then skips the scrypt fingerprints. The fingerprint comparison
 * (one scrypt hash per field) is spied on to count hashes.
 */
import * as fingerprint from "../../provider/engine/secrets/fingerprint";
import { provider } from "../../provider/dynamic/destination";
import { diffDestination } from "../../provider/exports/destination/diff";
import { CREDENTIALS_UNCHANGED_KEY, fingerprintCredentials, markUnchangedCredentials } from "../../provider/exports/destination/fingerprint";
import { UNKNOWN } from "../../provider/engine/fields/values";

type Props = Record<string, unknown>;

const KEYS = { accessKeyId: "AKIAFAST", secretAccessKey: "canary-fast-secret" };

function inputs(credentials: unknown): Props {
  return {
    displayName: "trace exports",
    destinationType: "s3",
    config: { bucketName: "exports", prefix: "langsmith", region: "us-east-1", includeBucketInPrefix: true },
    ...(credentials === undefined ? {} : { credentials }),
  };
}

/** Outputs as the provider writes them after creating with `credentials`. */
function outputsFor(credentials: typeof KEYS & { sessionToken?: string }): Props {
  const { credentials: _dropped, ...rest } = inputs(credentials);
  return { ...rest, credentialsFingerprint: fingerprintCredentials(credentials), stateVersion: 2 };
}

describe("check marks credentials equal to the previous inputs'", () => {
  test.each([
    ["the same key pair", KEYS, KEYS, true],
    ["the same key pair and session token", { ...KEYS, sessionToken: "t" }, { ...KEYS, sessionToken: "t" }, true],
    ["a rotated secret", KEYS, { ...KEYS, secretAccessKey: "rotated" }, false],
    ["a new key id", KEYS, { ...KEYS, accessKeyId: "AKIANEW" }, false],
    ["a session token added", KEYS, { ...KEYS, sessionToken: "t" }, false],
    ["an unknown secret (preview)", KEYS, { ...KEYS, secretAccessKey: UNKNOWN }, false],
    ["unknown credentials (preview)", KEYS, UNKNOWN, false],
    ["credentials removed", KEYS, undefined, false],
    ["a create (no previous inputs)", "none", KEYS, false],
  ])("%s", (_label, before, after, marked) => {
    const olds = before === "none" ? {} : inputs(before);
    const checked = markUnchangedCredentials(olds, inputs(after));
    expect(checked[CREDENTIALS_UNCHANGED_KEY] === true).toBe(marked);
  });

  test("a marker that does not hold is removed, whoever set it", () => {
    const checked = markUnchangedCredentials(inputs(KEYS), { ...inputs({ ...KEYS, secretAccessKey: "rotated" }), [CREDENTIALS_UNCHANGED_KEY]: true });
    expect(CREDENTIALS_UNCHANGED_KEY in checked).toBe(false);
  });
});

describe("diff with the marker", () => {
  let hashes: jest.SpyInstance;

  beforeEach(() => {
    hashes = jest.spyOn(fingerprint, "fingerprintMatches");
  });
  afterEach(() => {
    hashes.mockRestore();
  });

  test("marked: no change, with no hash", () => {
    const result = diffDestination(outputsFor(KEYS), { ...inputs(KEYS), [CREDENTIALS_UNCHANGED_KEY]: true });
    expect(result.changes).toBe(false);
    expect(hashes).not.toHaveBeenCalled();
  });

  test("not marked: each credential field is compared with its fingerprint", () => {
    expect(diffDestination(outputsFor(KEYS), inputs(KEYS)).changes).toBe(false);
    expect(hashes).toHaveBeenCalledTimes(2);
  });

  test("marked, but the fingerprint records a session token the inputs lack: a change", () => {
    const result = diffDestination(outputsFor({ ...KEYS, sessionToken: "t" }), { ...inputs(KEYS), [CREDENTIALS_UNCHANGED_KEY]: true });
    expect(result.updates).toEqual(["credentials.sessionToken"]);
  });

  test("through the provider: check then diff of an unchanged destination hashes nothing; a rotation is seen", async () => {
    const olds = inputs(KEYS);
    const outs = outputsFor(KEYS);
    hashes.mockClear();
    const same = await provider.check!(olds, inputs({ ...KEYS }));
    expect((await provider.diff!("dest-1", outs, same.inputs)).changes).toBe(false);
    expect(hashes).not.toHaveBeenCalled();

    const rotated = await provider.check!(olds, inputs({ ...KEYS, secretAccessKey: "rotated" }));
    const diff = await provider.diff!("dest-1", outs, rotated.inputs);
    expect(diff.changes).toBe(true);
    expect(diff.replaces).toEqual([]);
    expect(hashes).toHaveBeenCalled();
  });
});
