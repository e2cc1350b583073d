import { z } from "zod";
import { ValidationFailure } from "../../packages/emulator/src/errors";
import { intQuery, uuidPathParam } from "../../packages/emulator/src/params";
import { parseBody } from "../../packages/emulator/src/validation";
import type { FastApiValidationError } from "../../packages/emulator/src/errors";

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
    expect(failureOf(() => parseBody(schema, undefined))).toEqual([
      { type: "missing", loc: ["body"], msg: "Field required", input: null },
    ]);
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
