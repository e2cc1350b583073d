import { CROSS_FIELD_REASONS, checkDestinationInputs, existsWithoutCredentials } from "../../provider/exports/destination/check";
import { DESTINATION_FIELDS } from "../../provider/exports/destination/fields";
import { UNKNOWN } from "../../provider/engine/fields/values";

type Inputs = Record<string, unknown>;

const SECRET_CANARY = "canary-secret-9f3b2c";
const TOKEN_CANARY = "canary-token-4d1e7a";

function base(): Inputs {
  return {
    __provider: "exports.handler = () => 1",
    displayName: "trace exports",
    config: { bucketName: "exports", prefix: "langsmith", region: "us-east-1" },
    credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: SECRET_CANARY },
  };
}

function withConfig(patch: Inputs): Inputs {
  const inputs = base();
  return { ...inputs, config: { ...(inputs["config"] as Inputs), ...patch } };
}

function withCredentials(credentials: unknown): Inputs {
  return { ...base(), credentials };
}

function without(inputs: Inputs, key: string): Inputs {
  const copy = { ...inputs };
  delete copy[key];
  return copy;
}

function configWithout(key: string): Inputs {
  const inputs = base();
  const config = { ...(inputs["config"] as Inputs) };
  delete config[key];
  return { ...inputs, config };
}

function reasonOf(field: string): string {
  const rule = DESTINATION_FIELDS.find((f) => f.path === field);
  if (!rule) throw new Error(`no field ${field}`);
  return rule.reason ?? "";
}

describe("checkDestinationInputs: one failure per bad property, with what to set", () => {
  const cloud = { selfHosted: false };

  const failing: Array<[string, Inputs, { selfHosted: boolean }, Record<string, string | RegExp>]> = [
    ["displayName missing", without(base(), "displayName"), cloud, { displayName: reasonOf("displayName") }],
    ["displayName empty", { ...base(), displayName: "" }, cloud, { displayName: reasonOf("displayName") }],
    ["displayName with a dot (service pattern)", { ...base(), displayName: "exports.prod" }, cloud, { displayName: reasonOf("displayName") }],
    ["displayName with a slash", { ...base(), displayName: "a/b" }, cloud, { displayName: reasonOf("displayName") }],
    ["displayName too long", { ...base(), displayName: "a".repeat(256) }, cloud, { displayName: reasonOf("displayName") }],
    ["displayName not a string", { ...base(), displayName: 42 }, cloud, { displayName: reasonOf("displayName") }],
    ["destinationType other than s3", { ...base(), destinationType: "gcs" }, cloud, { destinationType: reasonOf("destinationType") }],
    ["config missing", without(base(), "config"), cloud, { config: CROSS_FIELD_REASONS.configRequired }],
    ["config not an object", { ...base(), config: "bucket" }, cloud, { config: "config must be an object" }],
    ["bucketName missing", configWithout("bucketName"), cloud, { "config.bucketName": reasonOf("config.bucketName") }],
    ["bucketName blank", withConfig({ bucketName: "  " }), cloud, { "config.bucketName": reasonOf("config.bucketName") }],
    ["prefix missing", configWithout("prefix"), cloud, { "config.prefix": reasonOf("config.prefix") }],
    ["prefix not a string", withConfig({ prefix: 3 }), cloud, { "config.prefix": reasonOf("config.prefix") }],
    ["region and endpointUrl both missing", configWithout("region"), cloud, { "config.region": CROSS_FIELD_REASONS.regionOrEndpoint }],
    ["region empty", withConfig({ region: "" }), cloud, { "config.region": reasonOf("config.region") }],
    ["endpointUrl not a URL", withConfig({ endpointUrl: "storage" }), cloud, { "config.endpointUrl": reasonOf("config.endpointUrl") }],
    ["endpointUrl ftp scheme", withConfig({ endpointUrl: "ftp://store.example.com" }), cloud, { "config.endpointUrl": reasonOf("config.endpointUrl") }],
    [
      "endpointUrl with user info",
      withConfig({ endpointUrl: "https://u:p@store.example.com" }),
      cloud,
      { "config.endpointUrl": reasonOf("config.endpointUrl") },
    ],
    ["endpointUrl with query", withConfig({ endpointUrl: "https://store.example.com/?x=1" }), cloud, { "config.endpointUrl": reasonOf("config.endpointUrl") }],
    [
      "includeBucketInPrefix not boolean",
      withConfig({ includeBucketInPrefix: "yes" }),
      cloud,
      { "config.includeBucketInPrefix": reasonOf("config.includeBucketInPrefix") },
    ],
    ["addressingStyle unknown", withConfig({ addressingStyle: "host" }), cloud, { "config.addressingStyle": reasonOf("config.addressingStyle") }],
    ["config field misspelled", withConfig({ bucket: "x" }), cloud, { "config.bucket": /not a field .*bucketName/ }],
    ["top-level field misspelled", { ...base(), bucketName: "x" }, cloud, { bucketName: /not a field/ }],
    ["awsRoleArn malformed", { ...without(base(), "credentials"), awsRoleArn: "my-role" }, cloud, { awsRoleArn: reasonOf("awsRoleArn") }],
    [
      "awsRoleArn with credentials",
      { ...base(), awsRoleArn: "arn:aws:iam::123456789012:role/exports" },
      cloud,
      { awsRoleArn: CROSS_FIELD_REASONS.roleWithCredentials },
    ],
    ["credentials empty object", withCredentials({}), cloud, { credentials: CROSS_FIELD_REASONS.emptyCredentials }],
    ["credentials not an object", withCredentials("AKIA:secret"), cloud, { credentials: "credentials must be an object" }],
    [
      "secret without key id",
      withCredentials({ secretAccessKey: SECRET_CANARY }),
      cloud,
      { "credentials.accessKeyId": CROSS_FIELD_REASONS.accessKeyIdMissing },
    ],
    ["key id without secret", withCredentials({ accessKeyId: "AKIA" }), cloud, { "credentials.secretAccessKey": CROSS_FIELD_REASONS.secretAccessKeyMissing }],
    [
      "accessKeyId empty",
      withCredentials({ accessKeyId: "", secretAccessKey: SECRET_CANARY }),
      cloud,
      { "credentials.accessKeyId": reasonOf("credentials.accessKeyId") },
    ],
    [
      "secretAccessKey empty",
      withCredentials({ accessKeyId: "AKIA", secretAccessKey: "" }),
      cloud,
      { "credentials.secretAccessKey": reasonOf("credentials.secretAccessKey") },
    ],
    ["session token alone", withCredentials({ sessionToken: TOKEN_CANARY }), cloud, { "credentials.sessionToken": CROSS_FIELD_REASONS.sessionTokenAlone }],
    [
      "session token with the key id only",
      withCredentials({ accessKeyId: "AKIA", sessionToken: TOKEN_CANARY }),
      cloud,
      { "credentials.secretAccessKey": CROSS_FIELD_REASONS.secretAccessKeyMissing, "credentials.sessionToken": CROSS_FIELD_REASONS.sessionTokenAlone },
    ],
    [
      "session token empty",
      withCredentials({ accessKeyId: "AKIA", secretAccessKey: SECRET_CANARY, sessionToken: "" }),
      cloud,
      { "credentials.sessionToken": reasonOf("credentials.sessionToken") },
    ],
    ["credentials missing on cloud", without(base(), "credentials"), cloud, { credentials: CROSS_FIELD_REASONS.credentialsRequired }],
    ["adoptExistingId empty", { ...base(), adoptExistingId: "" }, cloud, { adoptExistingId: reasonOf("adoptExistingId") }],
    [
      "several bad fields at once",
      { ...base(), displayName: "a.b", config: { bucketName: "", prefix: "p", addressingStyle: "x" } },
      cloud,
      {
        displayName: reasonOf("displayName"),
        "config.bucketName": reasonOf("config.bucketName"),
        "config.addressingStyle": reasonOf("config.addressingStyle"),
        "config.region": CROSS_FIELD_REASONS.regionOrEndpoint,
      },
    ],
  ];

  it.each(failing)("%s", (_name, inputs, options, expected) => {
    const { failures } = checkDestinationInputs(inputs, options);
    expect(failures.map((f) => f.property).sort()).toEqual(Object.keys(expected).sort());
    for (const [property, reason] of Object.entries(expected)) {
      const failure = failures.find((f) => f.property === property);
      if (typeof reason === "string") expect(failure?.reason).toBe(reason);
      else expect(failure?.reason).toMatch(reason);
    }
    const text = JSON.stringify(failures);
    expect(text).not.toContain(SECRET_CANARY);
    expect(text).not.toContain(TOKEN_CANARY);
  });

  const passing: Array<[string, Inputs, { selfHosted: boolean }]> = [
    ["AWS S3 with region and static keys", base(), cloud],
    ["S3-compatible store with endpointUrl and no region", withConfig({ region: undefined, endpointUrl: "https://storage.googleapis.com" }), cloud],
    ["empty prefix (bucket root)", withConfig({ prefix: "" }), cloud],
    ["every optional config field", withConfig({ endpointUrl: "http://localhost:9000", includeBucketInPrefix: false, addressingStyle: "virtual" }), cloud],
    ["temporary credentials", withCredentials({ accessKeyId: "ASIA", secretAccessKey: SECRET_CANARY, sessionToken: TOKEN_CANARY }), cloud],
    ["displayName with space, dash, underscore and quote", { ...base(), displayName: "Bob's exports_v2 - prod" }, cloud],
    ["role-based access without credentials", { ...without(base(), "credentials"), awsRoleArn: "arn:aws:iam::123456789012:role/exports" }, cloud],
    ["no credentials on a self-hosted install", without(base(), "credentials"), { selfHosted: true }],
    ["adoptExistingId", { ...base(), adoptExistingId: "0b0e5bd4-7f2b-4f9d-9d1e-36a0f0b6a0e1" }, cloud],
    ["null optional fields count as unset", { ...withConfig({ endpointUrl: null, addressingStyle: null }), awsRoleArn: null }, cloud],
    // Preview: values computed by other resources are not known yet.
    ["bucket name unknown", withConfig({ bucketName: UNKNOWN }), cloud],
    ["whole config unknown", { ...base(), config: UNKNOWN }, cloud],
    ["region unknown without endpoint (may resolve to a region)", withConfig({ region: UNKNOWN }), cloud],
    ["displayName unknown", { ...base(), displayName: UNKNOWN }, cloud],
    ["credentials unknown on cloud", withCredentials(UNKNOWN), cloud],
    ["secret access key unknown", withCredentials({ accessKeyId: "AKIA", secretAccessKey: UNKNOWN }), cloud],
    ["role unknown next to credentials", { ...base(), awsRoleArn: UNKNOWN }, cloud],
    ["endpointUrl unknown", withConfig({ region: undefined, endpointUrl: UNKNOWN }), cloud],
  ];

  it.each(passing)("accepts: %s", (_name, inputs, options) => {
    expect(checkDestinationInputs(inputs, options).failures).toEqual([]);
  });
});

describe("checkDestinationInputs: an imported destination", () => {
  it("may omit credentials when the previous inputs have none (the service never returns them); a new one may not", () => {
    const imported = without(base(), "credentials");
    expect(existsWithoutCredentials(imported)).toBe(true);
    expect(existsWithoutCredentials(base())).toBe(false);
    expect(existsWithoutCredentials({})).toBe(false);
    expect(checkDestinationInputs(imported, { selfHosted: false, existsWithoutCredentials: true }).failures).toEqual([]);
    expect(checkDestinationInputs(imported, { selfHosted: false, existsWithoutCredentials: existsWithoutCredentials({}) }).failures).toEqual([
      { property: "credentials", reason: CROSS_FIELD_REASONS.credentialsRequired },
    ]);
  });
});

describe("checkDestinationInputs: defaults", () => {
  it("fills destinationType and config.includeBucketInPrefix and keeps __provider", () => {
    const { inputs } = checkDestinationInputs(base(), { selfHosted: false });
    expect(inputs["destinationType"]).toBe("s3");
    expect(inputs["config"]).toEqual({ bucketName: "exports", prefix: "langsmith", region: "us-east-1", includeBucketInPrefix: true });
    expect(inputs["__provider"]).toBe(base()["__provider"]);
    expect(inputs["credentials"]).toEqual(base()["credentials"]);
  });

  it("keeps given values and never fills inside an unknown object", () => {
    const given = checkDestinationInputs(withConfig({ includeBucketInPrefix: false }), { selfHosted: false }).inputs;
    expect((given["config"] as Inputs)["includeBucketInPrefix"]).toBe(false);
    const unknown = checkDestinationInputs({ ...base(), config: UNKNOWN }, { selfHosted: false }).inputs;
    expect(unknown["config"]).toBe(UNKNOWN);
  });

  it("does not modify the inputs it was given", () => {
    const inputs = base();
    const before = JSON.stringify(inputs);
    checkDestinationInputs(inputs, { selfHosted: false });
    expect(JSON.stringify(inputs)).toBe(before);
  });
});
