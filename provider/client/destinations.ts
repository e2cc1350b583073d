/**
 * Bulk-export destinations endpoints of the REST API
 * (`<apiUrl>/bulk-exports/destinations`, where `apiUrl` ends in `/api/v1`).
 */
import { type CallOptions, type DeleteResult, requestOptions, subject } from "./callOptions";
import { MethodNotAllowedError, NotFoundError } from "./errors";
import type { HttpClient } from "./http";
import {
  type CreateDestinationRequest,
  CreateDestinationRequestSchema,
  type Destination,
  type DestinationCredentials,
  DestinationListSchema,
  DestinationSchema,
  PatchDestinationRequestSchema,
} from "./schemas/destinations";
import { checkId, validateInput } from "./validateInput";

const PATH = "/bulk-exports/destinations";

/** Client for bulk-export destinations. Obtain it as `client.destinations`. */
export class DestinationsApi {
  /**
   * @param http shared HTTP client
   * @param baseUrl normalized REST API base URL ending in `/api/v1` (see `hosts.ts`)
   */
  constructor(
    private readonly http: HttpClient,
    private readonly baseUrl: string,
  ) {}

  /**
   * `POST /bulk-exports/destinations` (the service answers 200). The service
   * test-writes to the bucket first; its refusal comes back as
   * `BadRequestError` (or another `ApiStatusError`) whose `detail` says why.
   * Credentials never appear in errors.
   */
  async create(body: CreateDestinationRequest, options?: CallOptions): Promise<Destination> {
    const action = `creating bulk-export destination "${options?.name ?? body.display_name}"`;
    const valid = validateInput(CreateDestinationRequestSchema, body, action);
    const res = await this.http.request({
      method: "POST",
      baseUrl: this.baseUrl,
      path: PATH,
      body: valid,
      action,
      schema: DestinationSchema,
      ...requestOptions(options),
    });
    return res.data;
  }

  /** `GET /bulk-exports/destinations/{id}`. */
  async get(destinationId: string, options?: CallOptions): Promise<Destination> {
    const action = `reading bulk-export destination ${subject(destinationId, options)}`;
    const id = checkId(destinationId, "destination id", action);
    const res = await this.http.request({
      method: "GET",
      baseUrl: this.baseUrl,
      path: `${PATH}/${id}`,
      action,
      schema: DestinationSchema,
      ...requestOptions(options),
    });
    return res.data;
  }

  /** `GET /bulk-exports/destinations`: every destination of the workspace (a bare array). */
  async list(options?: CallOptions): Promise<Destination[]> {
    const res = await this.http.request({
      method: "GET",
      baseUrl: this.baseUrl,
      path: PATH,
      action: "listing bulk-export destinations",
      schema: DestinationListSchema,
      ...requestOptions(options),
    });
    return res.data;
  }

  /**
   * `PATCH /bulk-exports/destinations/{id}` with new `credentials` (rotation).
   * The service test-writes with them first; insufficient permission gives
   * `BadRequestError` and the old credentials stay. The response may omit
   * `config`, `display_name` and `destination_type`.
   */
  async patchCredentials(
    destinationId: string,
    credentials: DestinationCredentials,
    options?: CallOptions,
  ): Promise<Destination> {
    const action = `rotating credentials of bulk-export destination ${subject(destinationId, options)}`;
    const id = checkId(destinationId, "destination id", action);
    const valid = validateInput(PatchDestinationRequestSchema, { credentials }, action);
    const res = await this.http.request({
      method: "PATCH",
      baseUrl: this.baseUrl,
      path: `${PATH}/${id}`,
      body: valid,
      action,
      schema: DestinationSchema,
      ...requestOptions(options),
    });
    return res.data;
  }

  /**
   * `DELETE /bulk-exports/destinations/{id}`. The published contract has no
   * such operation, so a service may answer 405 (or 404 for the route). Both
   * are followed by a GET: when it finds the destination the outcome is
   * `not-supported` (it still exists), a 404 means `already-gone`, and any
   * other failure (e.g. 403 for another workspace's key) is thrown. While an export still uses the destination a service
   * that deletes refuses with `ConflictError` (409, never retried).
   */
  async delete(destinationId: string, options?: CallOptions): Promise<DestinationDeleteResult> {
    const action = `deleting bulk-export destination ${subject(destinationId, options)}`;
    const id = checkId(destinationId, "destination id", action);
    try {
      await this.http.request({
        method: "DELETE",
        baseUrl: this.baseUrl,
        path: `${PATH}/${id}`,
        action,
        ...requestOptions(options),
      });
      return { outcome: "deleted", alreadyGone: false };
    } catch (err) {
      if (!(err instanceof MethodNotAllowedError) && !(err instanceof NotFoundError)) throw err;
    }
    // A service answers 405 before it looks at credentials or workspace: only a GET that
    // finds the destination says it exists for this key and workspace (its 403 is thrown).
    try {
      await this.get(destinationId, options);
      return { outcome: "not-supported", alreadyGone: false };
    } catch (err) {
      if (err instanceof NotFoundError) return { outcome: "already-gone", alreadyGone: true };
      throw err;
    }
  }
}

/** Outcome of {@link DestinationsApi.delete}. */
export interface DestinationDeleteResult extends DeleteResult {
  /**
   * `deleted`: the service deleted it; `already-gone`: it did not exist (404
   * and a GET says 404 too); `not-supported`: the service cannot delete
   * destinations (405, or 404 for the route while the destination exists).
   */
  readonly outcome: "deleted" | "already-gone" | "not-supported";
}
