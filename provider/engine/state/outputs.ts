/**
 * Output-only properties, declared once per resource (its `outputs.ts`) and
 * read by the schema, previews, the native server and the dynamic classes.
 * No runtime imports: the SDK loads this in every program.
 */
import type { PulumiTypeSpec } from "../../native/pulumiTypes";

/** An output-only property of a resource. */
export interface OutputSpec {
  readonly name: string;
  readonly type: PulumiTypeSpec;
  readonly doc: string;
  /** A Pulumi secret (e.g. fingerprints of secrets). Default false. */
  readonly secret?: boolean;
  /** Unknown in the preview of an update (the update may change it); otherwise kept known and reported stable. */
  readonly changesOnUpdate: boolean;
  /** The value every create and update writes, when it is known in advance (shown in previews instead of unknown). */
  readonly planned?: unknown;
}

/** Schema types the output lists use. */
export const OUTPUT_TYPES = {
  string: { type: "string" },
  number: { type: "number" },
  stringList: { type: "array", items: { type: "string" } },
  anyList: { type: "array", items: { $ref: "pulumi.json#/Any" } },
  anyMap: { type: "object", additionalProperties: { $ref: "pulumi.json#/Any" } },
} as const satisfies Record<string, PulumiTypeSpec>;

/** The `lastOperation` output every resource has: what the last create or update did, in plain words. */
export const LAST_OPERATION_OUTPUT: OutputSpec = {
  name: "lastOperation",
  type: OUTPUT_TYPES.string,
  doc: "What the last create or update did, in plain words.",
  changesOnUpdate: true,
};

/** The `createdAt` output most resources have. */
export const CREATED_AT_OUTPUT: OutputSpec = { name: "createdAt", type: OUTPUT_TYPES.string, doc: "ISO 8601 creation time.", changesOnUpdate: false };

/** The `updatedAt` output most resources have. */
export const UPDATED_AT_OUTPUT: OutputSpec = { name: "updatedAt", type: OUTPUT_TYPES.string, doc: "ISO 8601 time of the last change.", changesOnUpdate: true };

/** The `tenantId` output of a workspace-scoped resource: the workspace it was made in (never changes). */
export function tenantIdOutput(doc: string): OutputSpec {
  return { name: "tenantId", type: OUTPUT_TYPES.string, doc, changesOnUpdate: false };
}

/** The `stateVersion` output: written anew by every create and update (migration may change it), so never stable; known in previews. */
export function stateVersionOutput(version: number): OutputSpec {
  return { name: "stateVersion", type: OUTPUT_TYPES.number, doc: "Layout version of the outputs.", changesOnUpdate: true, planned: version };
}

/** The properties a dynamic class registers for its outputs: each output's name, unset until the provider answers. */
export function unsetOutputs(specs: readonly OutputSpec[]): Record<string, undefined> {
  return Object.fromEntries(specs.map((spec) => [spec.name, undefined]));
}

/** Names of the outputs that are Pulumi secrets (for `additionalSecretOutputs`). */
export function secretOutputNames(specs: readonly OutputSpec[]): string[] {
  return specs.filter((spec) => spec.secret === true).map((spec) => spec.name);
}
