/**
 * Responses checked against the contract: a body against the schema declared
 * for its operation and status, and the declared properties a body omits.
 */
import {
  type ContractApi,
  contractDocument,
  declaredStatusKey,
  findOperation,
  formatErrors,
  type JsonSchema,
  operationPointer,
  validatorAt,
} from "./contractOperations";

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
function resolveRef(api: ContractApi, schema: JsonSchema | undefined): JsonSchema | undefined {
  let current = schema;
  for (let depth = 0; depth < 32 && typeof current === "object" && typeof current["$ref"] === "string"; depth += 1) {
    const ref = current["$ref"];
    if (!ref.startsWith("#/")) throw new Error(`unsupported $ref ${ref}`);
    let node: unknown = contractDocument(api);
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
