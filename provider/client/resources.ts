/**
 * The endpoint sender of declared kinds: each kind declares its endpoints
 * with `defineEndpoint` and the generated wire schemas, and sends them
 * through {@link EndpointGroup.call} (typed) or {@link ResourcesApi.send}
 * (the loose shape the generic path uses), which own path filling, request
 * validation, retries and error mapping.
 */
import type { z } from "zod";
import { type Endpoint, EndpointGroup, type Query } from "./endpoint";
import type { RequestOptions } from "./options";

/** An endpoint declared by a resource; its path's placeholders are filled from {@link DeclaredCall.params}. */
export type DeclaredEndpoint = Endpoint<string, z.ZodType | undefined, z.ZodType | undefined>;

/** One call of a {@link DeclaredEndpoint}. */
export interface DeclaredCall {
  /** What is being done, for error messages, e.g. `creating workspace "dev"`. */
  readonly action: string;
  /** Raw ids for the path's placeholders (checked and encoded before sending). */
  readonly params?: Readonly<Record<string, string>>;
  /** Query parameters; `undefined` values are left out. */
  readonly query?: Query;
  /** Request body, validated against the endpoint's request schema before sending. */
  readonly body?: unknown;
  /** Per-call options (`signal`, `timeoutMs`, `maxRetries`). */
  readonly options?: RequestOptions;
}

/** The sender of declared endpoints below one base URL: `client.resources` (`<apiUrl>`, ending in `/api/v1`), `client.originResources`, `client.controlPlane`. */
export class ResourcesApi extends EndpointGroup {
  /**
   * Sends one call of a declared endpoint: the ids are checked and encoded
   * into the path, the body validated against the endpoint's request schema
   * before anything is sent, the answer validated against its response schema
   * (`undefined` when the endpoint declares none).
   *
   * @throws the client's error classes (`NotFoundError`, `ConflictError`, `PermissionDeniedError`, ...).
   */
  send(endpoint: DeclaredEndpoint, call: DeclaredCall): Promise<unknown> {
    // The declaration is checked at run time (path placeholders, body schema); the static call shape is the loose one.
    return this.call(endpoint as Endpoint<string, z.ZodType, z.ZodType>, call as never);
  }
}
