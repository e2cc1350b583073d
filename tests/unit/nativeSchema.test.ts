import { BULK_EXPORT_FIELDS } from "../../provider/exports/bulkExport/fields";
import { DEPLOYMENT_FIELDS } from "../../provider/deployments/deployment/fields";
import { DESTINATION_FIELDS } from "../../provider/exports/destination/fields";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageSchema } from "../../provider/native/schema";
import { listFunctionToken } from "../../provider/native/listFunctions";
import { lookupFunctionToken, nativeLookupFunction } from "../../provider/native/lookupFunctions";
import { NATIVE_FUNCTIONS } from "../../provider/native/functions";
import { loadAllKinds } from "../../provider/registry";
import { schemaReference } from "../../provider/native/schemaReference";
import { engineAddressOf } from "../../provider/native/server";
import { outputsForEngine, SECRET_SIG, SIG_KEY, unwrapSecrets } from "../../provider/native/values";
import { type FieldTable, importFields } from "../../provider/engine/fields/fields";
import { CONFIG_KEYS } from "../../provider/engine/context/settings";

const schema = packageSchema("1.2.3");

/** The schema property of a field path (following `$ref`s into object types). */
function propertyAt(token: string, path: string): Record<string, unknown> | undefined {
  const [top, ...rest] = path.split(".") as [string, ...string[]];
  let property = schema.resources[token]?.inputProperties[top] as Record<string, unknown> | undefined;
  for (const key of rest) {
    const ref = property?.["$ref"];
    if (typeof ref !== "string") return undefined;
    const type = schema.types[ref.replace("#/types/", "")];
    property = (type?.type === "object" ? type.properties[key] : undefined) as Record<string, unknown> | undefined;
  }
  return property;
}

describe("native provider schema, generated from the field tables", () => {
  const tables: [string, FieldTable][] = [
    ["langsmith:index:Deployment", DEPLOYMENT_FIELDS],
    ["langsmith:index:BulkExportDestination", DESTINATION_FIELDS],
    ["langsmith:index:BulkExport", BULK_EXPORT_FIELDS],
  ];

  it.each(tables)("%s: one input property per field, with its doc, secrecy, replaceOnChanges and default", (token, fields) => {
    for (const field of fields) {
      const property = propertyAt(token, field.path);
      expect({ path: field.path, found: property !== undefined }).toEqual({ path: field.path, found: true });
      expect(property?.["description"]).toContain(field.doc);
      expect(property?.["secret"] === true).toBe(field.secret);
      expect(property?.["replaceOnChanges"] === true).toBe(field.effect === "replace");
      if (typeof field.default === "string" || typeof field.default === "number" || typeof field.default === "boolean") {
        expect(property?.["default"]).toBe(field.default);
      }
    }
    const required = schema.resources[token]?.requiredInputs ?? [];
    for (const field of fields.filter((f) => f.required && !f.path.includes("."))) expect(required).toContain(field.path);
  });

  it("types come from the validators: enums are enum types, bounded integers integers, lists of objects get object types", () => {
    expect(propertyAt("langsmith:index:Deployment", "source")).toMatchObject({ $ref: "#/types/langsmith:index:DeploymentSource" });
    expect(schema.types["langsmith:index:DeploymentSource"]).toMatchObject({
      type: "string",
      enum: expect.arrayContaining([expect.objectContaining({ name: "Github", value: "github" })]),
    });
    expect(propertyAt("langsmith:index:BulkExport", "intervalHours")).toMatchObject({ type: "integer" });
    expect(propertyAt("langsmith:index:Deployment", "sourceConfig.buildOnPush")).toMatchObject({ type: "boolean" });
    const secrets = propertyAt("langsmith:index:Deployment", "secrets") as { type: string; items: { $ref: string } };
    expect(secrets.type).toBe("array");
    expect((schema.types[secrets.items.$ref.replace("#/types/", "")] as { properties?: unknown } | undefined)?.properties).toMatchObject({
      name: { type: "string" },
      value: { type: "string" },
    });
  });

  it("outputs echo the inputs except secrets kept as fingerprints, and mark the fingerprints secret", () => {
    const deployment = schema.resources["langsmith:index:Deployment"];
    expect(deployment?.properties["secrets"]).toBeUndefined();
    expect(deployment?.properties["secretsFingerprint"]).toMatchObject({ secret: true });
    expect(deployment?.properties["latestRevisionStatus"]).toMatchObject({ type: "string" });
    // The SDK generators take replace-on-change paths from the output properties: a replacing field keeps the flag there.
    expect(deployment?.properties["name"]).toMatchObject({ replaceOnChanges: true });
    expect(deployment?.properties["name"]).not.toHaveProperty("default");
    expect(schema.resources["langsmith:index:Workspace"]?.properties["dataPlaneId"]).toMatchObject({ replaceOnChanges: true });
    expect(schema.resources["langsmith:index:Workspace"]?.properties["handle"]).not.toHaveProperty("replaceOnChanges");
    expect(schema.resources["langsmith:index:Workspace"]?.properties["displayName"]).not.toHaveProperty("replaceOnChanges");
    expect(schema.resources["langsmith:index:BulkExportDestination"]?.properties["credentials"]).toBeUndefined();
  });

  it("configuration is the langsmith:* key table, secrets marked", () => {
    for (const spec of Object.values(CONFIG_KEYS)) {
      const variable = schema.config.variables[spec.key.slice("langsmith:".length)];
      expect(variable?.description).toContain(spec.doc);
      expect(variable?.secret === true).toBe("secret" in spec && spec.secret === true);
    }
    expect(schema.version).toBe("1.2.3");
  });

  it("declares the invokes with their inputs and object outputs", () => {
    const written = new Set(NATIVE_FUNCTIONS.map((fn) => fn.token));
    const generated = loadAllKinds().flatMap((kind) => [
      ...(kind.listFunction === undefined ? [] : [listFunctionToken(kind.token)]),
      ...(nativeLookupFunction(kind, written) === undefined ? [] : [lookupFunctionToken(kind.token)]),
    ]);
    expect(generated.length).toBeGreaterThanOrEqual(25);
    expect(Object.keys(schema.functions).sort()).toEqual(
      [
        ...generated,
        ...[
          "langsmith:index:getApiKeys",
          "langsmith:index:getBulkExport",
          "langsmith:index:getBulkExportRuns",
          "langsmith:index:getDataset",
          "langsmith:index:getDeployment",
          "langsmith:index:getDeploymentLogs",
          "langsmith:index:getDeploymentRevision",
          "langsmith:index:getDeploymentRevisions",
          "langsmith:index:getGatewayPolicies",
          "langsmith:index:getInfo",
          "langsmith:index:getListeners",
          "langsmith:index:getOAuthProviders",
          "langsmith:index:getOAuthTokenStatus",
          "langsmith:index:getOrganization",
          "langsmith:index:getPermissions",
          "langsmith:index:getProject",
          "langsmith:index:getPromptCommit",
          "langsmith:index:getRole",
          "langsmith:index:getWorkspace",
          "langsmith:index:getWorkspaceSecrets",
        ],
      ].sort(),
    );
    expect(schema.functions["langsmith:index:getProjects"]?.outputs.properties["projects"]).toEqual(
      expect.objectContaining({ type: "array", items: { $ref: "#/types/langsmith:index:ListedProject" } }),
    );
    const listed = schema.types["langsmith:index:ListedProject"];
    const listedProperties = listed !== undefined && "properties" in listed ? listed.properties : {};
    expect(Object.keys(listedProperties)).toEqual(expect.arrayContaining(["id", "name", "tenantId"]));
    expect(listedProperties).not.toHaveProperty("lastOperation");
    expect(schema.functions["langsmith:index:getDeploymentRevisions"]?.inputs.required).toEqual(["deploymentId"]);
    expect(schema.functions["langsmith:index:getDeployment"]?.outputs.properties["secretNames"]).toMatchObject({ type: "array" });
  });

  it("is deterministic", () => {
    expect(JSON.stringify(packageSchema("1.2.3"))).toBe(JSON.stringify(schema));
  });
});

describe("native provider reference page, rendered from the schema", () => {
  const version = (JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as { version: string }).version;
  const page = schemaReference(version);

  it("is what docs/native-reference.md holds (regenerate with npm run docs:reference)", () => {
    expect(readFileSync(join(__dirname, "..", "..", "docs", "native-reference.md"), "utf8")).toBe(page);
  });

  it("lists every resource, function, object type and config key of the schema, with secret and replace flags", () => {
    const schema = packageSchema(version);
    for (const token of [...Object.keys(schema.resources), ...Object.keys(schema.functions), ...Object.keys(schema.types)]) {
      expect(page).toContain(`### ${token.split(":").pop() as string}\n`);
    }
    for (const key of Object.keys(schema.config.variables)) expect(page).toContain(`| \`${key}\` |`);
    expect(page).toMatch(/\| `secrets` \| \[DeploymentSecretsItem\]\(#deploymentsecretsitem\)\[\] \| optional, secret \|/);
    expect(page).toMatch(/\| `bucketName` \| string \| required, replaces \|/);
  });
});

describe("native provider values", () => {
  const secret = (value: unknown) => ({ [SIG_KEY]: SECRET_SIG, value });

  it("unwraps secrets anywhere and reports the top-level properties that held one", () => {
    const { plain, secretKeys } = unwrapSecrets({ name: "a", secrets: [{ name: "K", value: secret("v") }], credentials: secret({ accessKeyId: "x" }) });
    expect(plain).toEqual({ name: "a", secrets: [{ name: "K", value: "v" }], credentials: { accessKeyId: "x" } });
    expect([...secretKeys].sort()).toEqual(["credentials", "secrets"]);
  });

  it("wraps the named outputs as secrets and drops undefined values and __provider", () => {
    expect(outputsForEngine({ a: 1, b: undefined, __provider: "x", fp: { salt: "s", nested: undefined } }, new Set(["fp"]))).toEqual({
      a: 1,
      fp: secret({ salt: "s" }),
    });
  });

  it("finds the engine address after flags", () => {
    expect(engineAddressOf(["--logtostderr", "-v=9", "127.0.0.1:4242"])).toBe("127.0.0.1:4242");
    expect(engineAddressOf([])).toBeUndefined();
  });
});

describe("importFields (pulumi import)", () => {
  it("takes every reported field as an input, leaving out unset values, defaults, secrets and create-only fields", () => {
    const wire = {
      name: "agent",
      source: "github",
      source_config: {
        integration_id: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01",
        repo_url: "https://github.com/acme/agent",
        deployment_type: "dev",
        build_on_push: true,
        custom_url: null,
      },
      source_revision_config: { repo_ref: "main", langgraph_config_path: "langgraph.json", image_uri: null },
      secrets: [{ name: "K", value: "v" }],
      secret_references: [],
    };
    expect(importFields(DEPLOYMENT_FIELDS, wire)).toEqual({
      name: "agent",
      source: "github",
      // `dev` is what an unset deploymentType means (issue 32), but a GitHub source requires it (the conformance matrix): kept.
      sourceConfig: {
        integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01",
        repoUrl: "https://github.com/acme/agent",
        deploymentType: "dev",
        buildOnPush: true,
      },
      sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
    });
  });

  it("leaves out a destination value equal to its default", () => {
    const wire = {
      display_name: "d",
      destination_type: "s3",
      config: { bucket_name: "bucket", prefix: "p", region: "us-east-1", include_bucket_in_prefix: true },
    };
    const inputs = importFields(DESTINATION_FIELDS, wire);
    expect(inputs).toMatchObject({ displayName: "d", config: { bucketName: "bucket", prefix: "p", region: "us-east-1" } });
    expect((inputs["config"] as Record<string, unknown>)["includeBucketInPrefix"]).toBeUndefined();
    expect(inputs["credentials"]).toBeUndefined();
  });
});
