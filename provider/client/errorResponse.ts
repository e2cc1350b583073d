/**
 * Turns a non-2xx response into the matching error class with a safe message
 * of the form `<action>: <status> <Kind> - <detail>[; <what to do>]`, e.g.
 * `creating deployment "agent": 403 PermissionDenied - workspace lacks deployments`.
 */
import {
  ApiStatusError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  MethodNotAllowedError,
  FeatureNotEnabledError,
  type HttpMethod,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  UnexpectedStatusError,
  UnprocessableEntityError,
  type ValidationIssue,
  WorkspaceRequiredError,
} from "./errors";
import { collectSensitiveStrings, redactText } from "./redact";
import { ErrorBodySchema } from "./schemas/errors";

/** Everything known about a failed response; `bodyText` is only read, never stored. */
export interface ErrorResponseInput {
  /** What was being done, e.g. `creating deployment "agent"`. */
  readonly action: string;
  readonly method: HttpMethod;
  /** URL path without query string. */
  readonly path: string;
  readonly status: number;
  readonly requestId?: string;
  /** Raw response body (may be empty or not JSON). */
  readonly bodyText: string;
  /** Values that must never appear in the message (credentials, request secrets). */
  readonly secrets: Iterable<string>;
}

/** What a parsed error body says, already redacted. */
export interface ParsedErrorBody {
  /** Human-readable explanation ('' when the body says nothing usable). */
  readonly detail: string;
  /** Parsed 422 issues (empty unless `detail` was a list). */
  readonly issues: readonly ValidationIssue[];
  /** The `error` code of `{"error": "<code>"}` bodies, redacted. */
  readonly errorCode?: string;
}

/** Render a 422 location such as `["query", "provider_id"]` as `query.provider_id`. */
export function renderLoc(loc: readonly (string | number)[]): string {
  return loc.map(String).join(".");
}

/**
 * Parse an error body of any known shape (`{"detail": "..."}`, a 422 list,
 * `{"error": "<code>"}`, `{"message": "..."}`) into redacted text. Bodies that
 * are not JSON, or JSON of another shape, yield an empty detail: raw bodies
 * are never copied into messages.
 */
export function parseErrorBody(bodyText: string, secrets: Iterable<string>): ParsedErrorBody {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    return { detail: "", issues: [] };
  }
  const parsed = ErrorBodySchema.safeParse(json);
  if (!parsed.success) return { detail: "", issues: [] };
  const allSecrets = collectSensitiveStrings(json, new Set(secrets));
  const body = parsed.data;
  let issues: ValidationIssue[] = [];
  let detail = "";
  if (Array.isArray(body.detail)) {
    issues = body.detail.map((item) => ({
      loc: item.loc.map((part) => (typeof part === "string" ? redactText(part, allSecrets, 100) : part)),
      msg: redactText(item.msg, allSecrets),
      type: redactText(item.type, allSecrets, 100),
    }));
    detail = redactText(issues.map((i) => `${renderLoc(i.loc)}: ${i.msg}`).join("; "), [], 600);
  } else if (typeof body.detail === "string") {
    detail = redactText(body.detail, allSecrets);
  } else if (body.message !== undefined) {
    detail = redactText(body.message, allSecrets);
  }
  const errorCode = body.error === undefined ? undefined : redactText(body.error, allSecrets, 100);
  if (detail === "" && errorCode !== undefined) detail = errorCode;
  return errorCode === undefined ? { detail, issues } : { detail, issues, errorCode };
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

/** Build the error for a non-2xx response (see the class docs in `errors.ts` for the mapping). */
export function errorFromResponse(input: ErrorResponseInput): ApiStatusError {
  const { action, method, path, status, requestId } = input;
  const body = parseErrorBody(input.bodyText, input.secrets);
  const head = `${action}: ${status} ${label(status)}`;
  const withDetail = (hint?: string): string => {
    const parts = [body.detail, hint].filter((p): p is string => p !== undefined && p !== "");
    return parts.length === 0 ? head : `${head} - ${parts.join("; ")}`;
  };
  const info = { method, path, status, requestId, detail: body.detail };

  switch (true) {
    case status === 400:
      return new BadRequestError(withDetail(), info);
    case status === 401:
      return new AuthenticationError(
        withDetail("check the API key (langsmith:apiKey or LANGSMITH_API_KEY) or bearer token (langsmith:bearerToken)"),
        info,
      );
    case status === 403:
      if (WORKSPACE_REQUIRED_DETAIL.test(body.detail) || WORKSPACE_REQUIRED_CODE.test(body.errorCode ?? "")) {
        return new WorkspaceRequiredError(
          withDetail(
            "this API key is organization-scoped and needs a workspace: set langsmith:workspaceId (or LANGSMITH_WORKSPACE_ID)",
          ),
          info,
        );
      }
      if (NOT_ENABLED_DETAIL.test(body.detail)) {
        const feature = /deploy/i.test(body.detail) || path.includes("/v2/deployments") ? "the Deployments feature" : "this feature";
        return new FeatureNotEnabledError(
          withDetail(`the organization lacks ${feature}; ask a LangSmith organization admin or LangSmith support to enable it`),
          info,
        );
      }
      return new PermissionDeniedError(withDetail(), info);
    case status === 404:
      return new NotFoundError(withDetail(), info);
    case status === 405:
      return new MethodNotAllowedError(withDetail(), info);
    case status === 409:
      return new ConflictError(withDetail(), info);
    case status === 422:
      return new UnprocessableEntityError(withDetail(), { ...info, issues: body.issues });
    case status === 429:
      return new RateLimitError(withDetail("rate limited; try again later or lower concurrency (pulumi up --parallel)"), info);
    case status >= 500:
      return new ServerError(withDetail(), info);
    case status >= 300 && status < 400:
      return new UnexpectedStatusError(
        withDetail("redirect not followed (credentials are never sent to another location); check the configured URL"),
        info,
      );
    default:
      return new UnexpectedStatusError(withDetail(), info);
  }
}
