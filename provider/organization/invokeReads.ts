/**
 * What the organization-and-access invokes share: a GET of a declared
 * endpoint, typed by its response schema; ids compared as the service
 * answers them; the one match of a lookup.
 */
import type { z } from "zod";
import type { LangSmithClient } from "../client/client";
import { type Endpoint, type Query } from "../client/endpoint";
import { InvalidRequestError } from "../client/errors";

/** Sends a GET of `endpoint`; `send` has validated the answer against the endpoint's response schema, hence its type. */
export async function read<Res extends z.ZodType>(
  client: LangSmithClient,
  endpoint: Endpoint<string, z.ZodType | undefined, Res>,
  action: string,
  query?: Query,
): Promise<z.output<Res>> {
  return (await client.resources.send(endpoint, { action, ...(query !== undefined ? { query } : {}) })) as z.output<Res>;
}

/** UUIDs compare without regard to case (the service answers them in lower case). */
export function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * The one element of `matches`, `undefined` for none.
 *
 * @throws InvalidRequestError naming the ids when more than one matches, with `hint`.
 */
export function single<T extends { id: string }>(matches: readonly T[], what: string, hint: string): T | undefined {
  if (matches.length > 1) {
    throw new InvalidRequestError(`${what}: ${matches.length} match (ids ${matches.map((m) => m.id).join(", ")}); ${hint}`);
  }
  return matches[0];
}
