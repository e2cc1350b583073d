/**
 * The one registry of the kinds the provider serves. The table itself is
 * generated from the kinds' declarations (generated.ts, by
 * scripts/generate-registry.mjs); the schema, the plugin's calls, the
 * reference docs, the SDKs (generated from the schema) and the bench floor
 * plugin (which serves the same schema) all read it from here.
 */
import type { LangSmithResource, RegisteredKind } from "../engine/resource";
import { GENERATED_KINDS } from "./generated";

export type { KindArea, RegisteredKind } from "../engine/resource";

/** Every registered kind, in schema order (by area, then token). */
export const KINDS: readonly RegisteredKind[] = GENERATED_KINDS;

/** The type tokens served, in schema order. */
export const KIND_TOKENS: readonly string[] = KINDS.map((kind) => kind.token);

const byToken = new Map(KINDS.map((kind) => [kind.token, kind]));

/** The registered kind of `token`, if the provider serves it. */
export function registeredKind(token: string): RegisteredKind | undefined {
  return byToken.get(token);
}

/** The resource of `token`, its module loaded on first use; `undefined` for a token not served. */
export function loadKind(token: string): LangSmithResource | undefined {
  return byToken.get(token)?.load();
}

/** Every kind's resource, each module loaded (the schema and the reference docs need them all). */
export function loadAllKinds(): LangSmithResource[] {
  return KINDS.map((kind) => kind.load());
}
