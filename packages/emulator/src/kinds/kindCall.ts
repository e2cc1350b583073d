/**
 * What a declared kind's hooks and custom list parameters see of a request
 * ({@link KindCall}). Kept apart from `declaration.ts` and `listQuery.ts`,
 * which both name it, so that neither imports the other for it.
 */
import type { AuthContext } from "../http/auth";
import type { EmulatorContext } from "../core/context";
import type { RawQuery } from "../http/params";

/** What a hook sees: the emulator, the caller and the kind's records in the caller's scope. */
export interface KindCall {
  /** The emulator serving the request. */
  ctx: EmulatorContext;
  /** The authenticated caller. */
  auth: AuthContext;
  /** The organization's or the workspace's id, per the kind's scope. */
  scopeId: string;
  /** The parent object's id for a kind under another; `null` otherwise. */
  parentId: string | null;
  /** ISO 8601 time of the request. */
  nowIso: string;
  /** The request's path parameters. */
  params: Readonly<Record<string, string>>;
  /** The request's query parameters (a repeated name gives an array). */
  query: RawQuery;
}
