import { provider } from "../../provider/dynamic/destination";
import { diffDestination } from "../../provider/exports/destination/diff";
import { migrateDestinationOutputs } from "../../provider/exports/destination/state";
import { fingerprintCredentials } from "../../provider/exports/destination/fingerprint";
import { DESTINATION_FIELDS } from "../../provider/exports/destination/fields";
import { UNKNOWN } from "../../provider/engine/fields/values";

type Props = Record<string, unknown>;

const SECRET = "canary-secret-old";
const OLD_FINGERPRINT = fingerprintCredentials({ accessKeyId: "AKIAOLD", secretAccessKey: SECRET });

/** Outputs as the provider writes them after a create. */
function olds(): Props {
  return {
    __provider: "old provider text",
    displayName: "trace exports",
    destinationType: "s3",
    config: { bucketName: "exports", prefix: "langsmith", region: "us-east-1", includeBucketInPrefix: true },
    credentialsFingerprint: OLD_FINGERPRINT,
    tenantId: "22222222-2222-4222-8222-222222222222",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    credentialsKeys: ["access_key_id", "secret_access_key"],
    credentialsUpdatedAt: "2026-01-01T00:00:00.000Z",
    lastOperation: 'created destination "trace exports" (test write to s3://exports/langsmith/tmp/ passed)',
    stateVersion: 1,
  };
}

/** Inputs as check returns them for the same program. */
function news(): Props {
  return {
    __provider: "new provider text",
    displayName: "trace exports",
    destinationType: "s3",
    config: { bucketName: "exports", prefix: "langsmith", region: "us-east-1", includeBucketInPrefix: true },
    credentials: { accessKeyId: "AKIAOLD", secretAccessKey: SECRET },
  };
}

function set(props: Props, path: string, value: unknown): Props {
  const copy = JSON.parse(JSON.stringify(props)) as Props;
  const parts = path.split(".");
  let target: Props = copy;
  for (const part of parts.slice(0, -1)) {
    if (typeof target[part] !== "object" || target[part] === null) target[part] = {};
    target = target[part] as Props;
  }
  const last = parts[parts.length - 1] as string;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

describe("diffDestination: the change table", () => {
  it("reports no changes for the same inputs, whatever the output-only fields and __provider say", () => {
    const result = diffDestination(olds(), news());
    expect(result).toEqual({ changes: false, replaces: [], updates: [], deleteBeforeReplace: false });
  });

  const replacing: Array<[string, Props]> = [
    ["displayName", set(news(), "displayName", "other exports")],
    ["config.bucketName", set(news(), "config.bucketName", "other-bucket")],
    ["config.prefix", set(news(), "config.prefix", "other/prefix")],
    ["config.region", set(news(), "config.region", "eu-west-1")],
    ["config.endpointUrl", set(news(), "config.endpointUrl", "https://storage.example.com")],
    ["config.includeBucketInPrefix", set(news(), "config.includeBucketInPrefix", false)],
    ["config.addressingStyle", set(news(), "config.addressingStyle", "virtual")],
    ["config.payloadSigningEnabled", set(news(), "config.payloadSigningEnabled", true)],
    ["config.usEast1RegionalEndpoint", set(news(), "config.usEast1RegionalEndpoint", "regional")],
    ["config.useAccelerateEndpoint", set(news(), "config.useAccelerateEndpoint", true)],
    ["config.s3AdditionalKwargs", set(news(), "config.s3AdditionalKwargs", { ServerSideEncryption: "AES256" })],
    ["awsRoleArn", set(news(), "awsRoleArn", "arn:aws:iam::123456789012:role/exports")],
  ];

  it.each(replacing)("a change of %s replaces (create the new one, then delete the old one)", (field, inputs) => {
    const result = diffDestination(olds(), inputs);
    expect(result.changes).toBe(true);
    expect(result.replaces).toEqual([field]);
    expect(result.deleteBeforeReplace).toBe(false);
  });

  it("covers every field of the table (each replace field is tested above)", () => {
    const replaceFields = DESTINATION_FIELDS.filter((f) => f.effect === "replace").map((f) => f.path);
    expect(replaceFields.sort()).toEqual([...replacing.map(([f]) => f), "destinationType"].sort());
    // destinationType has a single allowed value; a change from an old state value still replaces:
    expect(diffDestination(set(olds(), "destinationType", "gcs"), news()).replaces).toEqual(["destinationType"]);
  });

  const updating: Array<[string, Props, Props, string[]]> = [
    ["secret access key rotated", olds(), set(news(), "credentials.secretAccessKey", "canary-secret-new"), ["credentials.secretAccessKey"]],
    [
      "whole key pair rotated",
      olds(),
      set(set(news(), "credentials.accessKeyId", "AKIANEW"), "credentials.secretAccessKey", "canary-secret-new"),
      ["credentials.accessKeyId", "credentials.secretAccessKey"],
    ],
    ["session token added", olds(), set(news(), "credentials.sessionToken", "tok"), ["credentials.sessionToken"]],
    [
      "session token removed",
      set(olds(), "credentialsFingerprint", fingerprintCredentials({ accessKeyId: "AKIAOLD", secretAccessKey: SECRET, sessionToken: "tok" })),
      news(),
      ["credentials.sessionToken"],
    ],
    [
      "credentials added where the service used its environment (self-hosted)",
      set(olds(), "credentialsFingerprint", undefined),
      news(),
      ["credentials.accessKeyId", "credentials.secretAccessKey"],
    ],
    ["credentials unknown in a preview", olds(), set(news(), "credentials", UNKNOWN), ["credentials"]],
    ["secret access key unknown in a preview", olds(), set(news(), "credentials.secretAccessKey", UNKNOWN), ["credentials.secretAccessKey"]],
  ];

  it.each(updating)("%s: update in place (PATCH), not a replacement", (_name, before, after, fields) => {
    const result = diffDestination(before, after);
    expect(result.changes).toBe(true);
    expect(result.replaces).toEqual([]);
    expect(result.updates).toEqual(fields);
  });

  it("compares with plain credentials when an older state holds them instead of a fingerprint (migrated at the one entry point)", () => {
    const legacy = migrateDestinationOutputs(
      set(set(olds(), "credentialsFingerprint", undefined), "credentials", { accessKeyId: "AKIAOLD", secretAccessKey: SECRET }),
    );
    expect(legacy).not.toHaveProperty("credentials");
    expect(diffDestination(legacy, news()).changes).toBe(false);
    expect(diffDestination(legacy, set(news(), "credentials.secretAccessKey", "new")).updates).toEqual(["credentials.secretAccessKey"]);
    expect(diffDestination(legacy, set(news(), "credentials", undefined)).replaces).toEqual(["credentials"]);
  });

  it("a fingerprint from another salt still matches the same credentials", () => {
    const other = set(olds(), "credentialsFingerprint", fingerprintCredentials({ accessKeyId: "AKIAOLD", secretAccessKey: SECRET }));
    expect(diffDestination(other, news()).changes).toBe(false);
    expect(JSON.stringify(other)).not.toContain(SECRET);
  });

  it("removing credentials replaces (a PATCH cannot remove them)", () => {
    const result = diffDestination(olds(), set(news(), "credentials", undefined));
    expect(result).toMatchObject({ changes: true, replaces: ["credentials"], updates: [] });
  });

  it("a config change together with a rotation replaces", () => {
    const result = diffDestination(olds(), set(set(news(), "config.bucketName", "b2"), "credentials.secretAccessKey", "new"));
    expect(result.changes).toBe(true);
    expect(result.replaces).toEqual(["config.bucketName"]);
  });

  const unknownReplacing: Array<[string, Props, string]> = [
    ["whole config unknown", set(news(), "config", UNKNOWN), "config"],
    ["bucket name unknown", set(news(), "config.bucketName", UNKNOWN), "config.bucketName"],
    ["displayName unknown", set(news(), "displayName", UNKNOWN), "displayName"],
    ["awsRoleArn unknown", set(news(), "awsRoleArn", UNKNOWN), "awsRoleArn"],
  ];

  it.each(unknownReplacing)("%s: may change, so a replacement is shown", (_name, inputs, field) => {
    const result = diffDestination(olds(), inputs);
    expect(result.changes).toBe(true);
    expect(result.replaces).toContain(field);
  });

  const unchanged: Array<[string, Props, Props]> = [
    ["adoptExistingId set after creation", olds(), set(news(), "adoptExistingId", "0b0e5bd4-7f2b-4f9d-9d1e-36a0f0b6a0e1")],
    ["defaults left out of old outputs", set(set(olds(), "destinationType", undefined), "config.includeBucketInPrefix", undefined), news()],
    ["defaults left out of new inputs", olds(), set(set(news(), "destinationType", undefined), "config.includeBucketInPrefix", undefined)],
    ["addressingStyle unset vs auto (the service's default)", olds(), set(news(), "config.addressingStyle", "auto")],
    [
      "region null in refreshed outputs vs unset",
      set(set(olds(), "config.endpointUrl", "https://s.example.com"), "config.region", null),
      set(set(news(), "config.endpointUrl", "https://s.example.com"), "config.region", undefined),
    ],
    [
      "old state without provider fields (stateVersion, lastOperation, credentialsUpdatedAt)",
      set(set(set(olds(), "stateVersion", undefined), "lastOperation", undefined), "credentialsUpdatedAt", undefined),
      news(),
    ],
  ];

  it.each(unchanged)("%s: no changes", (_name, before, after) => {
    expect(diffDestination(before, after)).toMatchObject({ changes: false, replaces: [], updates: [] });
  });
});

describe("provider.diff", () => {
  it("returns an explicit changes boolean, replaces by field and deleteBeforeReplace false, without printing credentials", async () => {
    const diff = provider.diff;
    if (!diff) throw new Error("provider.diff is missing");
    const none = await diff("id-1", olds(), news());
    expect(none).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
    const rotation = await diff("id-1", olds(), set(news(), "credentials.secretAccessKey", "canary-secret-new"));
    expect(rotation).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    const replace = await diff("id-1", olds(), set(news(), "config.prefix", "p2"));
    expect(replace).toEqual({ changes: true, replaces: ["config.prefix"], deleteBeforeReplace: false });
    expect(JSON.stringify([none, rotation, replace])).not.toContain("canary");
  });
});
