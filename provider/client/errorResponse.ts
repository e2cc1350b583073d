/**
 * Turns a non-2xx response into the matching error class with a safe message
 * of the form `<action>: <status> <Kind> - <detail>[; <what to do>]`, e.g.
 * `creating deployment "agent": 403 PermissionDenied - workspace lacks deployments`.
 *
 * Order matters: the error class is chosen from the RAW body (so redaction can
 * never change it), then only the explanatory fields are rendered (`detail`,
 * `message`, `error`, and a 422 list as `loc: msg`), with known secrets
 * masked (see `redact.ts`). Everything else in the body (`input`, `ctx`, echoed
 * deployments, unknown fields) is never rendered.
 */
import {
  ApiStatusError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  FeatureNotEnabledError,
  type HttpMethod,
  MethodNotAllowedError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  type RequestInfo,
  ServerError,
  UnexpectedStatusError,
  UnprocessableEntityError,
  type ValidationIssue,
  WorkspaceRequiredError,
} from "./errors";
import { collectSensitiveStrings, redactText } from "./redact";
import { ErrorBodySchema, type ValidationErrorItem } from "./errorBody";

/** Everything known about a failed response; `bodyText` is only read, never stored. */
export interface ErrorResponseInput {
  /** What was being done, e.g. `creating deployment "agent"`. */
  readonly action: string;
  /** HTTP method of the request. */
  readonly method: HttpMethod;
  /** URL path without query string. */
  readonly path: string;
  /** HTTP status of the response. */
  readonly status: number;
  /** `x-request-id` of the response, when sent. */
  readonly requestId?: string;
  /** Raw response body (may be empty or not JSON). */
  readonly bodyText: string;
  /**
   * The request's own secrets (credentials, secret fields of the request
   * body): masked wherever they occur in rendered text, when at least
   * `MIN_SECRET_LENGTH` (8) characters long.
   */
  readonly secrets: Iterable<string>;
}

/** What a parsed error body says, already redacted. */
export interface ParsedErrorBody {
  /** Human-readable explanation ('' when the body says nothing usable). */
  readonly detail: string;
  /** Parsed 422 issues (empty unless `detail` was a list); never `input` or `ctx`. */
  readonly issues: readonly ValidationIssue[];
  /** The `error` code of `{"error": "<code>"}` bodies, redacted. */
  readonly errorCode?: string;
}

/** An error body as sent, unredacted: read for classification, never rendered as is. */
interface RawErrorBody {
  /** The parsed JSON (to collect the secret fields a response body may carry). */
  readonly json: unknown;
  /** `detail` when it is a string. */
  readonly detail?: string;
  /** `detail` when it is a 422 list. */
  readonly items: readonly ValidationErrorItem[];
  /** `error` code. */
  readonly error?: string;
  /** `message`. */
  readonly message?: string;
}

/** Render a 422 location such as `["query", "provider_id"]` as `query.provider_id`. */
export function renderLoc(loc: readonly (string | number)[]): string {
  return loc.map(String).join(".");
}

/** Parse an error body of a known shape; `undefined` for non-JSON or other shapes. */
function readErrorBody(bodyText: string): RawErrorBody | undefined {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    return undefined;
  }
  const parsed = ErrorBodySchema.safeParse(json);
  if (!parsed.success) return undefined;
  const { detail } = parsed.data;
  // The sandboxes service nests its code and message in `detail`.
  const nested = detail !== undefined && typeof detail === "object" && !Array.isArray(detail) ? detail : undefined;
  const error = parsed.data.error ?? nested?.error;
  const message = parsed.data.message ?? nested?.message;
  return {
    json,
    items: Array.isArray(detail) ? detail : [],
    ...(typeof detail === "string" ? { detail } : {}),
    ...(error !== undefined ? { error } : {}),
    ...(message !== undefined ? { message } : {}),
  };
}

/**
 * Render the explanatory fields of a raw body, masking `secrets` and the
 * secret fields of the body itself. `input` and `ctx` of 422 items are dropped.
 */
function renderErrorBody(raw: RawErrorBody | undefined, secrets: Iterable<string>): ParsedErrorBody {
  if (raw === undefined) return { detail: "", issues: [] };
  const masked = collectSensitiveStrings(raw.json, new Set(secrets));
  const issues: ValidationIssue[] = raw.items.map((item) => ({
    loc: item.loc.map((part) => (typeof part === "string" ? redactText(part, masked, 100) : part)),
    msg: redactText(item.msg, masked),
    type: redactText(item.type, masked, 100),
  }));
  let detail = "";
  if (issues.length > 0) detail = redactText(issues.map((i) => `${renderLoc(i.loc)}: ${i.msg}`).join("; "), [], 600);
  else if (raw.detail !== undefined) detail = redactText(raw.detail, masked);
  else if (raw.message !== undefined) detail = redactText(raw.message, masked);
  const errorCode = raw.error === undefined ? undefined : redactText(raw.error, masked, 100);
  if (detail === "" && errorCode !== undefined) detail = errorCode;
  return errorCode === undefined ? { detail, issues } : { detail, issues, errorCode };
}

/**
 * Parse an error body of any known shape (`{"detail": "..."}`, a 422 list,
 * `{"error": "<code>"}`, `{"message": "..."}`) into redacted text. Bodies that
 * are not JSON, or JSON of another shape, yield an empty detail: raw bodies
 * are never copied into messages.
 *
 * @param secrets the request's own secrets, masked when at least 8 characters long
 */
export function parseErrorBody(bodyText: string, secrets: Iterable<string>): ParsedErrorBody {
  return renderErrorBody(readErrorBody(bodyText), secrets);
}

const LABELS: Readonly<Record<number, string>> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "PermissionDenied",
  404: "NotFound",
  405: "MethodNotAllowed",
  408: "RequestTimeout",
  409: "Conflict",
  422: "UnprocessableEntity",
  429: "RateLimited",
};

function label(status: number): string {
  const known = LABELS[status];
  if (known !== undefined) return known;
  if (status >= 500) return "ServerError";
  if (status >= 300 && status < 400) return "Redirect";
  return "HTTPError";
}

const WORKSPACE_REQUIRED_DETAIL = /requires? workspace specification/i;
const WORKSPACE_REQUIRED_CODE = /requires?_workspace/i;
const NOT_ENABLED_DETAIL = /not enabled/i;

/** Constructor of an {@link ApiStatusError} class. */
type StatusErrorClass = new (message: string, info: RequestInfo & { status: number; detail?: string }) => ApiStatusError;

/** The class and the hint for a response, chosen from the raw body. */
interface Classification {
  readonly errorClass: StatusErrorClass;
  readonly hint?: string;
}

function classify403(raw: RawErrorBody | undefined, path: string): Classification {
  const text = raw?.detail ?? raw?.message ?? "";
  if (WORKSPACE_REQUIRED_DETAIL.test(text) || WORKSPACE_REQUIRED_CODE.test(raw?.error ?? "")) {
    return {
      errorClass: WorkspaceRequiredError,
      hint: "this API key is organization-scoped and needs a workspace: set langsmith:workspaceId (or LANGSMITH_WORKSPACE_ID)",
    };
  }
  if (NOT_ENABLED_DETAIL.test(text)) {
    const feature = /deploy/i.test(text) || path.includes("/v2/deployments") ? "the Deployments feature" : "this feature";
    return {
      errorClass: FeatureNotEnabledError,
      hint: `the organization lacks ${feature}; ask a LangSmith organization admin or LangSmith support to enable it`,
    };
  }
  return { errorClass: PermissionDeniedError };
}

/** Choose the error class (and hint) from the status and the unredacted body. */
function classify(status: number, raw: RawErrorBody | undefined, path: string): Classification {
  switch (true) {
    case status === 400:
      return { errorClass: BadRequestError };
    case status === 401:
      return {
        errorClass: AuthenticationError,
        hint: "check the API key (langsmith:apiKey or LANGSMITH_API_KEY) or bearer token (langsmith:bearerToken)",
      };
    case status === 403:
      return classify403(raw, path);
    case status === 404:
      return { errorClass: NotFoundError };
    case status === 405:
      return { errorClass: MethodNotAllowedError };
    case status === 409:
      return { errorClass: ConflictError };
    case status === 422:
      return { errorClass: UnprocessableEntityError };
    case status === 429:
      return { errorClass: RateLimitError, hint: "rate limited; try again later or lower concurrency (pulumi up --parallel)" };
    case status >= 500:
      return { errorClass: ServerError };
    case status >= 300 && status < 400:
      return {
        errorClass: UnexpectedStatusError,
        hint: "redirect not followed (credentials are never sent to another location); check the configured URL",
      };
    default:
      return { errorClass: UnexpectedStatusError };
  }
}

/** Build the error for a non-2xx response (see the class docs in `errors.ts` for the mapping). */
export function errorFromResponse(input: ErrorResponseInput): ApiStatusError {
  const { action, method, path, status, requestId } = input;
  const raw = readErrorBody(input.bodyText);
  const { errorClass, hint } = classify(status, raw, path);
  const body = renderErrorBody(raw, input.secrets);
  const parts = [body.detail, hint].filter((p): p is string => p !== undefined && p !== "");
  const head = `${action}: ${status} ${label(status)}`;
  const message = parts.length === 0 ? head : `${head} - ${parts.join("; ")}`;
  const info = { method, path, status, requestId, detail: body.detail };
  if (errorClass === UnprocessableEntityError) return new UnprocessableEntityError(message, { ...info, issues: body.issues });
  return new errorClass(message, info);
}
