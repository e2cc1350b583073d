import { z } from "zod";
import { ValidationFailure } from "../../packages/emulator/src/http/errors";
import { intQuery, uuidPathParam } from "../../packages/emulator/src/http/params";
import { parseBody } from "../../packages/emulator/src/http/validation";
import { bulkExportCreateSchema } from "../../packages/emulator/src/exports/bulkExportSchemas";
import { deploymentCreateSchema } from "../../packages/emulator/src/deployments/deploymentSchemas";
import { destinationCreateSchema, destinationPatchSchema } from "../../packages/emulator/src/exports/destinationSchemas";
import { oauthProviderCreateSchema } from "../../packages/emulator/src/deployments/oauthSchemas";
import type { FastApiValidationError } from "../../packages/emulator/src/http/errors";

function failureOf(fn: () => unknown): FastApiValidationError[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationFailure) return error.errors;
    throw error;
  }
  throw new Error("expected a ValidationFailure");
}

describe("FastAPI-style validation errors", () => {
  const schema = z.object({
    name: z.string().min(1),
    flag: z.boolean().optional(),
    kind: z.enum(["a", "b", "c"]).optional(),
    tags: z.array(z.string()).optional(),
    strict: z.strictObject({ x: z.number() }).optional(),
  });

  test("missing fields carry the parent object as input", () => {
    expect(failureOf(() => parseBody(schema, { flag: true }))).toEqual([
      { type: "missing", loc: ["body", "name"], msg: "Field required", input: { flag: true } },
    ]);
  });

  test("type, enum, length and extra-key errors", () => {
    expect(failureOf(() => parseBody(schema, { name: "", flag: "yes", kind: "d", tags: "x", strict: { x: 1, y: 2 } }))).toEqual([
      { type: "string_too_short", loc: ["body", "name"], msg: "String should have at least 1 character", input: "", ctx: { min_length: 1 } },
      { type: "bool_type", loc: ["body", "flag"], msg: "Input should be a valid boolean", input: "yes" },
      { type: "enum", loc: ["body", "kind"], msg: "Input should be 'a', 'b' or 'c'", input: "d", ctx: { expected: "'a', 'b' or 'c'" } },
      { type: "list_type", loc: ["body", "tags"], msg: "Input should be a valid list", input: "x" },
      { type: "extra_forbidden", loc: ["body", "strict", "y"], msg: "Extra inputs are not permitted", input: 2 },
    ]);
  });

  test("a missing body", () => {
    expect(failureOf(() => parseBody(schema, undefined))).toEqual([{ type: "missing", loc: ["body"], msg: "Field required", input: null }]);
    expect(failureOf(() => parseBody(schema, "text"))[0]).toMatchObject({ type: "model_attributes_type", loc: ["body"] });
  });

  test("integer query parameters", () => {
    const errors: FastApiValidationError[] = [];
    expect(intQuery({}, "limit", { defaultValue: 20, le: 100 }, errors)).toBe(20);
    expect(intQuery({ limit: "7" }, "limit", { defaultValue: 20, le: 100 }, errors)).toBe(7);
    intQuery({ limit: "x" }, "limit", { defaultValue: 20 }, errors);
    intQuery({ offset: "-1" }, "offset", { defaultValue: 0, ge: 0 }, errors);
    expect(errors).toEqual([
      { type: "int_parsing", loc: ["query", "limit"], msg: "Input should be a valid integer, unable to parse string as an integer", input: "x" },
      { type: "greater_than_equal", loc: ["query", "offset"], msg: "Input should be greater than or equal to 0", input: "-1", ctx: { ge: 0 } },
    ]);
  });

  test("UUID path parameters are canonicalised or rejected", () => {
    expect(uuidPathParam({ id: "0B0E0F000000400080000000000000AA" }, "id")).toBe("0b0e0f00-0000-4000-8000-0000000000aa");
    expect(failureOf(() => uuidPathParam({ id: "abc" }, "id"))[0]).toMatchObject({ type: "uuid_parsing", loc: ["path", "id"], input: "abc" });
  });
});

describe("request bodies on the generated schemas", () => {
  test("the generated formats fail as pydantic's types do", () => {
    const generated = z.object({ id: z.uuid(), at: z.iso.datetime({ offset: true, local: true }) });
    expect(failureOf(() => parseBody(generated, { id: "abc", at: "yesterday" }))).toEqual([
      expect.objectContaining({ type: "uuid_parsing", loc: ["body", "id"], input: "abc" }),
      { type: "datetime_from_date_parsing", loc: ["body", "at"], msg: "Input should be a valid datetime or date", input: "yesterday" },
    ]);
  });

  test("UUIDs and date-times of the three APIs are read as leniently as pydantic", () => {
    const anyVersion = "11111111-1111-1111-1111-111111111111";
    const body = { bulk_export_destination_id: anyVersion, session_id: anyVersion.replace(/-/g, ""), start_time: "2025-01-01 10:00" };
    expect(parseBody(bulkExportCreateSchema, body)).toMatchObject({ ...body, compression: "gzip", format: "Parquet", format_version: "v1" });
    const deployment = { name: "a", source: "github", source_config: { integration_id: anyVersion }, source_revision_config: {}, secrets: [] };
    expect(parseBody(deploymentCreateSchema, deployment).source_config.integration_id).toBe(anyVersion);
  });

  test("missing fields are reported in the order of the service's models, not the contract's alphabetical one", () => {
    const locs = (schema: Parameters<typeof parseBody>[0], body: unknown) => failureOf(() => parseBody(schema, body)).map((e) => e.loc.slice(1).join("."));
    expect(locs(deploymentCreateSchema, { source: "github" })).toEqual(["name", "source_config", "source_revision_config", "secrets"]);
    expect(locs(destinationCreateSchema, {})).toEqual(["display_name", "config"]);
    expect(locs(oauthProviderCreateSchema, {})).toEqual(["provider_id", "name", "client_id", "auth_url", "token_url"]);
    expect(parseBody(destinationCreateSchema, { display_name: "x", config: {}, unknown: 1 })).toEqual({
      destination_type: "s3",
      display_name: "x",
      config: { include_bucket_in_prefix: true, prefix: "" },
    });
  });

  test("the emulator's own limits: empty secret names, keys beside a destination's credentials", () => {
    const deployment = { name: "a", source: "github", source_config: {}, source_revision_config: {}, secrets: [{ name: "", value: "v" }] };
    expect(failureOf(() => parseBody(deploymentCreateSchema, deployment))[0]).toMatchObject({ type: "string_too_short", loc: ["body", "secrets", 0, "name"] });
    const patch = { credentials: { access_key_id: "a", secret_access_key: "s" }, config: {} };
    expect(failureOf(() => parseBody(destinationPatchSchema, patch))[0]).toMatchObject({ type: "extra_forbidden", loc: ["body", "config"] });
  });
});
