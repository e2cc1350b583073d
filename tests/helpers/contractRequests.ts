/**
 * Requests checked against the contract: the JSON body and each query
 * parameter (coerced from its text as FastAPI does), and the path parameters
 * of a concrete path.
 */
import { findOperation, formatErrors, type JsonSchema, type MatchedOperation, operationPointer, validatorAt } from "./contractOperations";

/** The JSON types a schema allows, its `anyOf` branches' included. */
function schemaTypes(schema: JsonSchema | undefined): Set<string> {
  const types = new Set<string>();
  if (typeof schema !== "object") return types;
  const type = schema["type"];
  if (typeof type === "string") types.add(type);
  if (Array.isArray(type)) type.forEach((t) => typeof t === "string" && types.add(t));
  const anyOf = schema["anyOf"];
  if (Array.isArray(anyOf)) anyOf.forEach((s) => schemaTypes(s as JsonSchema).forEach((t) => types.add(t)));
  return types;
}

function itemSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (typeof schema !== "object") return undefined;
  if (schema["type"] === "array") return schema["items"] as JsonSchema | undefined;
  const anyOf = schema["anyOf"];
  if (Array.isArray(anyOf)) {
    for (const s of anyOf) {
      const items = itemSchema(s as JsonSchema);
      if (items !== undefined) return items;
    }
  }
  return undefined;
}

const TRUE_WORDS = new Set(["true", "1", "yes", "on", "t", "y"]);
const FALSE_WORDS = new Set(["false", "0", "no", "off", "f", "n"]);

/** Coerces one query string the way FastAPI (pydantic, lax mode) would. */
function coerceScalar(value: string, schema: JsonSchema | undefined): unknown {
  const types = schemaTypes(schema);
  if (types.has("string") || types.size === 0) return value;
  const trimmed = value.trim();
  if (types.has("integer") && /^[+-]?\d+$/.test(trimmed)) return Number(trimmed);
  if (types.has("number") && trimmed !== "" && Number.isFinite(Number(trimmed))) return Number(trimmed);
  if (types.has("boolean")) {
    const word = trimmed.toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return value;
}

function coerceQuery(value: string | string[], schema: JsonSchema | undefined): unknown {
  const values = Array.isArray(value) ? value : [value];
  const items = itemSchema(schema);
  if (items !== undefined) return values.map((v) => coerceScalar(v, items));
  // FastAPI keeps the last of repeated scalar query parameters.
  return coerceScalar(values[values.length - 1] ?? "", schema);
}

function parameterIndex(match: MatchedOperation, name: string, where: string): number {
  return (match.operation.parameters ?? []).findIndex((p) => p.name === name && p.in === where);
}

/**
 * Validates a request against its operation: the JSON body against the
 * declared `requestBody` schema, and each query parameter (coerced from its
 * string form as FastAPI does: integers, numbers, booleans, repeated values for
 * arrays) against its declared schema.
 *
 * Not checked here: path parameters (see {@link validatePathParams}) and
 * headers.
 *
 * @param query - the query parameters as parsed from the URL.
 * @param body - the parsed JSON body, or undefined when the request had none.
 * @returns [] when the request conforms; otherwise one message per problem,
 * each naming the method and path template: an unknown operation, a missing
 * required body or parameter, a body where none is declared, an undeclared
 * query parameter, or a schema error.
 */
export function validateRequest(method: string, urlPath: string, query: Record<string, string | string[]>, body: unknown): string[] {
  const match = findOperation(method, urlPath);
  if (!match) return [`${method.toUpperCase()} ${urlPath}: no such operation in the contract`];
  const prefix = `${match.method} ${match.template}`;
  const errors: string[] = [];
  const parameters = match.operation.parameters ?? [];
  for (const [name, value] of Object.entries(query)) {
    const index = parameterIndex(match, name, "query");
    if (index < 0) {
      errors.push(`${prefix}: query parameter "${name}" is not declared`);
      continue;
    }
    const validate = validatorAt(match.api, [...operationPointer(match), "parameters", String(index), "schema"]);
    if (!validate(coerceQuery(value, parameters[index]?.schema))) {
      errors.push(...formatErrors(prefix, `query parameter "${name}"`, validate.errors));
    }
  }
  for (const p of parameters) {
    if (p.in === "query" && p.required && query[p.name] === undefined) {
      errors.push(`${prefix}: required query parameter "${p.name}" is missing`);
    }
  }
  const requestBody = match.operation.requestBody;
  if (!requestBody) {
    if (body !== undefined) errors.push(`${prefix}: no request body is declared, got one`);
    return errors;
  }
  if (body === undefined) {
    if (requestBody.required) errors.push(`${prefix}: request body is required, got none`);
    return errors;
  }
  if (requestBody.content?.["application/json"]?.schema === undefined) return errors;
  const validate = validatorAt(match.api, [...operationPointer(match), "requestBody", "content", "application/json", "schema"]);
  if (!validate(body)) errors.push(...formatErrors(prefix, "request body", validate.errors));
  return errors;
}

/**
 * Validates the path parameters of a concrete URL path against their declared
 * schemas (e.g. `format: uuid`; the service answers 422 to a malformed id),
 * each read from its text as a query parameter is (`integer`, `boolean`).
 *
 * @returns [] when they conform or the operation has none; otherwise one
 * message per problem naming the method and path template.
 */
export function validatePathParams(method: string, urlPath: string): string[] {
  const match = findOperation(method, urlPath);
  if (!match) return [`${method.toUpperCase()} ${urlPath}: no such operation in the contract`];
  const errors: string[] = [];
  for (const [name, value] of Object.entries(match.pathParams)) {
    const index = parameterIndex(match, name, "path");
    if (index < 0) continue;
    const pointer = [...operationPointer(match), "parameters", String(index), "schema"];
    const validate = validatorAt(match.api, pointer);
    // A path segment is text: an integer parameter (an annotation queue's run index) is read from it, as a query parameter is.
    if (!validate(coerceScalar(value, match.operation.parameters?.[index]?.schema))) {
      errors.push(...formatErrors(`${match.method} ${match.template}`, `path parameter "${name}"`, validate.errors));
    }
  }
  return errors;
}
