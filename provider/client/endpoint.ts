/**
 * One helper for every endpoint method: an {@link Endpoint} describes the
 * method, the path template (`/v2/deployments/{deploymentId}`), the request
 * schema and the response schema (the ones generated from the contract, in
 * `wire/`, or derived from them in `contractTypes/`); {@link EndpointGroup.call}
 * checks and encodes the ids into the path, validates the body before
 * sending, sends it through `HttpClient.request` and returns the validated
 * response body.
 *
 * ```ts
 * const GET = defineEndpoint({ method: "GET", path: "/v2/deployments/{deploymentId}", response: DeploymentSchema });
 * get(deploymentId: string, options?: RequestOptions): Promise<Deployment> {
 *   return this.call(GET, { action: `reading deployment ${subject(deploymentId, options)}`, params: { deploymentId }, options });
 * }
 * ```
 */
import type { z } from "zod";
import type { HttpMethod } from "./errors";
import type { HttpClient } from "./http";
import { type RequestOptions, transportOptions } from "./options";
import { checkId, validateInput } from "./validateInput";

/** Names of the `{placeholders}` of a path template, e.g. `"deploymentId" | "revisionId"`. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParams<Rest> : never;

/** Description of one endpoint. */
export interface Endpoint<
  P extends string = string,
  Req extends z.ZodType | undefined = z.ZodType | undefined,
  Res extends z.ZodType | undefined = z.ZodType | undefined,
> {
  /** HTTP method. */
  readonly method: HttpMethod;
  /**
   * Path below the base URL, starting with `/`; each `{name}` is replaced by
   * the checked, URL-encoded id given in `params.name` (see `checkId`).
   */
  readonly path: P;
  /** Schema the request body must match before anything is sent; absent for requests without a body. */
  readonly request?: Req;
  /** Schema of a 2xx response body; absent when the body is ignored (e.g. DELETE answering 204). */
  readonly response?: Res;
}

/** Define an {@link Endpoint}, keeping the literal path so that its placeholders type the call's `params`. */
export function defineEndpoint<const P extends string, Req extends z.ZodType | undefined = undefined, Res extends z.ZodType | undefined = undefined>(
  endpoint: Endpoint<P, Req, Res>,
): Endpoint<P, Req, Res> {
  return endpoint;
}

/** Query parameters; `undefined` values are left out, a list is sent as the key repeated (`?id=a&id=b`). */
export type Query = Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>;

/** What one call of an endpoint supplies. */
export type EndpointCall<P extends string, Req extends z.ZodType | undefined> = {
  /** What is being done, for error messages, e.g. `reading deployment "agent"`. */
  readonly action: string;
  /** Query parameters. */
  readonly query?: Query;
  /** Per-call options (`signal`, `timeoutMs`, `maxRetries`; `name` is for the caller's `action`). */
  readonly options?: RequestOptions | undefined;
} & ([PathParams<P>] extends [never]
  ? { readonly params?: undefined }
  : { /** Raw ids for the path's placeholders (checked and encoded here). */ readonly params: Readonly<Record<PathParams<P>, string>> }) &
  (Req extends z.ZodType
    ? { /** Request body, validated against the endpoint's `request` schema. */ readonly body: z.input<Req> }
    : { readonly body?: undefined });

/** The validated response body of an endpoint, or `undefined` when it has no response schema. */
export type EndpointResult<Res extends z.ZodType | undefined> = Res extends z.ZodType ? z.output<Res> : undefined;

/** `deploymentId` → `deployment id`: how a placeholder is named in messages. */
export function describeParam(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

/**
 * Fill a path template: each `{name}` becomes `checkId(params[name])`.
 *
 * @throws InvalidRequestError (naming `action` and the parameter) for an empty or unsafe id, or a missing one.
 */
export function fillPath(template: string, params: Readonly<Record<string, string>>, action: string): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (_whole, name: string) => checkId(params[name] ?? "", describeParam(name), action));
}

/** How a resource is named in messages: `"<name>"` when `options.name` is set, else its id. */
export function subject(id: string, options: RequestOptions | undefined): string {
  return options?.name !== undefined ? `"${options.name}"` : id;
}

/** Outcome of a DELETE. */
export interface DeleteResult {
  /** True when the service answered 404: it was already gone (e.g. an earlier attempt succeeded). */
  readonly alreadyGone: boolean;
}

/**
 * Sends the calls of endpoints below one base URL: the client has one for the
 * REST API (`client.resources`), one for its origin (`client.originResources`)
 * and one for the control plane (`client.controlPlane`). The kinds declare
 * their endpoints (with `defineEndpoint` and the generated wire schemas) and
 * send them through {@link EndpointGroup.call}.
 */
export class EndpointGroup {
  /**
   * @param http shared HTTP client
   * @param baseUrl normalized base URL the endpoints' paths are appended to (see `hosts.ts`)
   * @param baseUrlSetting the settings that choose `baseUrl`, named when it cannot be reached; default none
   */
  constructor(
    protected readonly http: HttpClient,
    protected readonly baseUrl: string,
    protected readonly baseUrlSetting?: string,
  ) {}

  /**
   * Call `endpoint`: fill and check the path, validate the body against
   * `endpoint.request` (`InvalidRequestError` before sending), send it with
   * the call's options, and return the body validated by `endpoint.response`.
   *
   * @throws whatever `HttpClient.request` throws (see `errors.ts`).
   */
  async call<P extends string, Req extends z.ZodType | undefined, Res extends z.ZodType | undefined>(
    endpoint: Endpoint<P, Req, Res>,
    call: EndpointCall<P, Req>,
  ): Promise<EndpointResult<Res>> {
    const { action } = call;
    const path = fillPath(endpoint.path, (call.params ?? {}) as Readonly<Record<string, string>>, action);
    // The body is checked against the request schema, then sent as the caller gave it:
    // a default the contract declares is the service's to apply, not the client's to send.
    if (endpoint.request !== undefined) validateInput(endpoint.request, call.body, action);
    const spec = {
      method: endpoint.method,
      baseUrl: this.baseUrl,
      path,
      action,
      ...(this.baseUrlSetting !== undefined ? { baseUrlSetting: this.baseUrlSetting } : {}),
      ...(call.query !== undefined ? { query: call.query } : {}),
      ...(endpoint.request !== undefined ? { body: call.body } : {}),
      ...transportOptions(call.options),
    };
    if (endpoint.response === undefined) {
      await this.http.request(spec);
      return undefined as EndpointResult<Res>;
    }
    const res = await this.http.request({ ...spec, schema: endpoint.response });
    return res.data as EndpointResult<Res>;
  }
}
