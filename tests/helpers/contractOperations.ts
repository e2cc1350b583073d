/**
 * The services' published OpenAPI documents (the repository's copy in
 * `contract/`, with `contract/additions.openapi.json` applied by
 * scripts/lib/contractDocuments.cjs), loaded once: their operations, found by
 * method and concrete path, and Ajv validators of the schemas inside them.
 *
 * The documents are OpenAPI 3.1, whose schemas are JSON Schema 2020-12, so
 * they are checked with Ajv's 2020 dialect (`strict: false`, ajv-formats for
 * `uuid` and `date-time`). Each whole document is added to Ajv under its file
 * name, and every schema is compiled as a `$ref` to a JSON pointer inside it,
 * so the documents' own `#/components/schemas/...` references resolve.
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
 * runs every test (this file is `tests/helpers/contractOperations.ts`).
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

/** The document `api` as loaded (additions applied), to follow its `$ref`s. */
export function contractDocument(api: ContractApi): unknown {
  return contract().documents[api];
}

function pointerSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The validator of the schema at `segments` (a JSON pointer's segments) in document `api`, compiled once. */
export function validatorAt(api: ContractApi, segments: string[]): ValidateFunction {
  const { ajv, validators } = contract();
  const ref = `${DOCUMENT_FILES[api]}#/${segments.map(pointerSegment).join("/")}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
}

/** One message per Ajv error: `<prefix>: <where><instance path> <message>`, with an enum's allowed values. */
export function formatErrors(prefix: string, where: string, errors: ErrorObject[] | null | undefined): string[] {
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

/** The JSON pointer segments of `match`'s declaration: `paths`, its template, its method in lower case. */
export function operationPointer(match: MatchedOperation): string[] {
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
