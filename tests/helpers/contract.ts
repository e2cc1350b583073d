/**
 * Validates requests and responses against the services' published OpenAPI
 * documents (the wire contract, the repository's copy in `contract/`), with
 * the newer endpoints and fields of `contract/additions.openapi.json` applied
 * (scripts/lib/contractDocuments.cjs).
 *
 * The documents are OpenAPI 3.1, whose schemas are JSON Schema 2020-12, so
 * they are checked with Ajv's 2020 dialect (`strict: false`, ajv-formats for
 * `uuid` and `date-time`). Each whole document is added to Ajv under its file
 * name, and every schema is compiled as a `$ref` to a JSON pointer inside it,
 * so the documents' own `#/components/schemas/...` references resolve.
 *
 * @packageDocumentation
 */
import * as path from "node:path";
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { effectiveDocuments } from "../../scripts/lib/contractDocuments.cjs";

/** Which published document an operation belongs to. */
export type ContractApi = "control-plane" | "bulk-exports" | "organization-and-access" | "tracing-and-evaluation" | "additions";

/** A JSON Schema as found in the documents (an object, or `true`/`false`). */
export type JsonSchema = { [key: string]: unknown } | boolean;

/** One declared parameter of an operation (path or query). */
export interface ContractParameter {
  /** Where the parameter goes: `"path"` or `"query"` (the documents use no other). */
  in: string;
  /** The parameter's name on the wire. */
  name: string;
  /** Whether the request must carry it (path parameters always do). */
  required?: boolean;
  /** Its JSON Schema. */
  schema?: JsonSchema;
}

/** One declared response of an operation. */
export interface ContractResponse {
  /** Media types of the body; absent for a response with no body (e.g. 204). */
  content?: Record<string, { schema?: JsonSchema }>;
}

/** One operation (a method on a path) as the documents declare it. */
export interface ContractOperation {
  /** Path and query parameters. */
  parameters?: ContractParameter[];
  /** The JSON request body, when the operation takes one. */
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  /** Declared responses by status code (as a string, e.g. `"200"`). */
  responses: Record<string, ContractResponse>;
}

/** An operation matched by {@link findOperation}. */
export interface MatchedOperation {
  /** The document that declares it. */
  api: ContractApi;
  /** The path template, e.g. `/v2/deployments/{deployment_id}/revisions`. */
  template: string;
  /** The HTTP method in upper case, e.g. `"GET"`. */
  method: string;
  /** The declaration. */
  operation: ContractOperation;
  /** Path parameter values taken from the concrete path, by name. */
  pathParams: Record<string, string>;
}

/** One operation of the contract, as listed by {@link contractOperations}. */
export interface ContractOperationRef {
  /** The document that declares it. */
  api: ContractApi;
  /** The HTTP method in upper case. */
  method: string;
  /** The path template. */
  template: string;
  /** The response statuses it declares, ascending. */
  statuses: number[];
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, ContractOperation>>;
}

/**
 * The folder holding the published documents: the repository's facts-only
 * copy, `contract/` (refreshed from the project's shared copy by
 * `node scripts/refresh-contract.mjs`), so a clone of the repository alone
 * runs every test (this file is `tests/helpers/contract.ts`).
 */
export const CONTRACT_DIR = path.resolve(__dirname, "../../contract");

const DOCUMENT_FILES: Record<ContractApi, string> = {
  "control-plane": "control-plane.openapi.json",
  "bulk-exports": "bulk-exports.openapi.json",
  "organization-and-access": "organization-and-access.openapi.json",
  "tracing-and-evaluation": "tracing-and-evaluation.openapi.json",
  additions: "additions.openapi.json",
};

const HTTP_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

interface CompiledTemplate {
  api: ContractApi;
  template: string;
  regex: RegExp;
  paramNames: string[];
  literalSegments: number;
  methods: Record<string, ContractOperation>;
}

interface Contract {
  ajv: Ajv2020;
  documents: Record<ContractApi, OpenApiDocument>;
  templates: CompiledTemplate[];
  validators: Map<string, ValidateFunction>;
}

let loaded: Contract | undefined;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function compileTemplate(api: ContractApi, template: string, methods: Record<string, ContractOperation>): CompiledTemplate {
  const paramNames: string[] = [];
  let literalSegments = 0;
  const pattern = template
    .split("/")
    .map((segment) => {
      const param = /^\{([^}]+)\}$/.exec(segment);
      if (param?.[1]) {
        paramNames.push(param[1]);
        return "([^/]+)";
      }
      if (segment) literalSegments += 1;
      return escapeRegex(segment);
    })
    .join("/");
  const upper: Record<string, ContractOperation> = {};
  for (const [method, operation] of Object.entries(methods)) {
    if (HTTP_METHODS.has(method)) upper[method.toUpperCase()] = operation;
  }
  return { api, template, regex: new RegExp(`^${pattern}$`), paramNames, literalSegments, methods: upper };
}

function contract(): Contract {
  if (loaded) return loaded;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  const documents = {} as Record<ContractApi, OpenApiDocument>;
  const templates: CompiledTemplate[] = [];
  // The published documents with contract/additions.openapi.json applied, and the additions' own endpoints.
  const effective = effectiveDocuments(CONTRACT_DIR);
  for (const api of Object.keys(DOCUMENT_FILES) as ContractApi[]) {
    const file = DOCUMENT_FILES[api];
    const document = effective[api] as unknown as OpenApiDocument;
    if (!document.openapi.startsWith("3.1")) {
      throw new Error(`${file}: OpenAPI ${document.openapi}; this validator reads 3.1 (JSON Schema 2020-12)`);
    }
    documents[api] = document;
    ajv.addSchema(document, file);
    for (const [template, methods] of Object.entries(document.paths)) {
      templates.push(compileTemplate(api, template, methods));
    }
  }
  // Literal segments win over parameters, as in the service's own routers:
  // `/api/v1/bulk-exports/runs` is not `/api/v1/bulk-exports/{bulk_export_id}`.
  templates.sort((a, b) => a.paramNames.length - b.paramNames.length || b.literalSegments - a.literalSegments);
  loaded = { ajv, documents, templates, validators: new Map() };
  return loaded;
}

function pointerSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

function validatorAt(api: ContractApi, segments: string[]): ValidateFunction {
  const { ajv, validators } = contract();
  const ref = `${DOCUMENT_FILES[api]}#/${segments.map(pointerSegment).join("/")}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
}

function formatErrors(prefix: string, where: string, errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    const allowed = error.keyword === "enum" ? ` ${JSON.stringify(error.params)}` : "";
    return `${prefix}: ${where}${error.instancePath || "/"} ${error.message ?? error.keyword}${allowed}`;
  });
}

/** Every operation of both documents (method and path template). */
export function contractOperations(): ContractOperationRef[] {
  return contract().templates.flatMap((t) =>
    Object.entries(t.methods).map(([method, operation]) => ({
      api: t.api,
      method,
      template: t.template,
      statuses: Object.keys(operation.responses)
        .map(Number)
        .sort((a, b) => a - b),
    })),
  );
}

/**
 * Matches a concrete URL path (no query string) and method to the operation
 * that declares it, preferring literal path segments over parameters.
 *
 * @returns the match, or undefined when no document declares that method on a
 * matching path.
 */
export function findOperation(method: string, urlPath: string): MatchedOperation | undefined {
  const upper = method.toUpperCase();
  for (const t of contract().templates) {
    const operation = t.methods[upper];
    if (!operation) continue;
    const match = t.regex.exec(urlPath);
    if (!match) continue;
    const pathParams: Record<string, string> = {};
    t.paramNames.forEach((name, i) => {
      pathParams[name] = decodeURIComponent(match[i + 1] ?? "");
    });
    return { api: t.api, template: t.template, method: upper, operation, pathParams };
  }
  return undefined;
}

function operationPointer(match: MatchedOperation): string[] {
  return ["paths", match.template, match.method.toLowerCase()];
}

/**
 * The key of an operation's declared response for a status: the status
 * itself, else its range (`2XX`, which OpenAPI allows where the exact code
 * is not known); `undefined` when neither is declared.
 */
export function declaredStatusKey(responses: Readonly<Record<string, unknown>>, status: number): string | undefined {
  const exact = String(status);
  if (responses[exact] !== undefined) return exact;
  const range = `${exact[0] ?? ""}XX`;
  return responses[range] !== undefined ? range : undefined;
}

/**
 * Validates a response body against the schema the contract declares for its
 * operation and status.
 *
 * @param body - the parsed JSON body, or undefined when the response had none.
 * @returns [] when it validates; otherwise one message per problem, each naming
 * the method, path template, status and the schema error. A status the
 * operation does not declare is one error; declared content without a schema
 * accepts anything; a declared response without content accepts only no body.
 */
export function validateResponse(method: string, urlPath: string, status: number, body: unknown): string[] {
  const match = findOperation(method, urlPath);
  if (!match) return [`${method.toUpperCase()} ${urlPath}: no such operation in the contract`];
  const prefix = `${match.method} ${match.template} ${status}`;
  const key = declaredStatusKey(match.operation.responses, status);
  const response = key === undefined ? undefined : match.operation.responses[key];
  if (!response || key === undefined) {
    const declared = Object.keys(match.operation.responses).join(", ");
    return [`${prefix}: status ${status} is not declared (declared: ${declared})`];
  }
  const json = response.content?.["application/json"];
  if (!json) return body === undefined ? [] : [`${prefix}: no body is declared, got one`];
  if (json.schema === undefined) return [];
  const validate = validatorAt(match.api, [...operationPointer(match), "responses", key, "content", "application/json", "schema"]);
  return validate(body) ? [] : formatErrors(prefix, "response body", validate.errors);
}

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

function resolveRef(api: ContractApi, schema: JsonSchema | undefined): JsonSchema | undefined {
  let current = schema;
  for (let depth = 0; depth < 32 && typeof current === "object" && typeof current["$ref"] === "string"; depth += 1) {
    const ref = current["$ref"];
    if (!ref.startsWith("#/")) throw new Error(`unsupported $ref ${ref}`);
    let node: unknown = contract().documents[api];
    for (const raw of ref.slice(2).split("/")) {
      node = (node as Record<string, unknown>)[raw.replace(/~1/g, "/").replace(/~0/g, "~")];
    }
    current = node as JsonSchema;
  }
  return current;
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function branchAccepts(api: ContractApi, schema: JsonSchema | undefined, type: string): boolean {
  const resolved = resolveRef(api, schema);
  if (typeof resolved !== "object") return resolved === true;
  const declared = resolved["type"];
  if (declared === undefined) return resolved["properties"] !== undefined ? type === "object" : true;
  const types = Array.isArray(declared) ? declared : [declared];
  return types.includes(type) || (type === "integer" && types.includes("number"));
}

function collectMissing(api: ContractApi, schema: JsonSchema | undefined, value: unknown, where: string, out: string[]): void {
  const resolved = resolveRef(api, schema);
  if (typeof resolved !== "object" || value === null || value === undefined) return;
  const anyOf = resolved["anyOf"];
  if (Array.isArray(anyOf)) {
    const type = jsonType(value);
    const branch = (anyOf as JsonSchema[]).find((b) => branchAccepts(api, b, type));
    collectMissing(api, branch, value, where, out);
    return;
  }
  if (Array.isArray(value)) {
    const items = resolved["items"] as JsonSchema | undefined;
    value.forEach((item, i) => collectMissing(api, items, item, `${where}/${i}`, out));
    return;
  }
  const properties = resolved["properties"];
  if (typeof value !== "object" || typeof properties !== "object" || properties === null) return;
  const record = value as Record<string, unknown>;
  for (const [name, propertySchema] of Object.entries(properties as Record<string, JsonSchema>)) {
    if (!(name in record)) out.push(`${where || "/"} lacks declared property "${name}"`);
    else collectMissing(api, propertySchema, record[name], `${where}/${name}`, out);
  }
}

/**
 * Lists the properties the contract declares for a response (at any depth)
 * that the body omits. FastAPI serializes every declared field of a response
 * model (`null` when unset), so a conforming service omits none.
 *
 * @returns [] when none is missing, when the status is undeclared or has no
 * schema; otherwise one message per omission naming method, path template,
 * status and the JSON pointer of the object lacking it.
 */
export function missingDeclaredProperties(method: string, urlPath: string, status: number, body: unknown): string[] {
  const match = findOperation(method, urlPath);
  const key = match === undefined ? undefined : declaredStatusKey(match.operation.responses, status);
  const schema = key === undefined ? undefined : match?.operation.responses[key]?.content?.["application/json"]?.schema;
  if (!match || schema === undefined) return [];
  const out: string[] = [];
  collectMissing(match.api, schema, body, "", out);
  return out.map((problem) => `${match.method} ${match.template} ${status}: response body${problem}`);
}
