/**
 * The Prompt's inputs: a prompt of the workspace's prompt hub (its handle,
 * fixed), its metadata (description, readme, tags, visibility: one PATCH) and
 * its current manifest (a change pushes one new commit; commits are
 * immutable). Check, diff, the wire mapping, refresh, import, the schema and
 * the reference table derive from {@link PROMPT_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import type { FieldTable, InputsOf } from "../shared/fields";

/** A prompt handle: lower-case letters, digits, `-` and `_`. */
export const PROMPT_HANDLE_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;

/** Every input field of a Prompt. */
export const PROMPT_FIELDS = [
  workspaceIdField("prompt"),
  {
    path: "handle",
    wire: "repo_handle",
    refresh: "always",
    type: "string: lower-case letters, digits, `-`, `_`",
    doc: "The prompt's handle (its name in the hub, e.g. `support-triage`); its id (`pulumi import` takes it).",
    schema: z.string().min(1).max(100).regex(PROMPT_HANDLE_PATTERN),
    reason: 'handle is required: lower-case letters, digits, "-" and "_", e.g. "support-triage"',
    required: true,
    effect: "replace",
    secret: false,
  },
  { path: "description", wire: "description", type: "string", doc: "What the prompt does.", schema: z.string(), required: false, effect: "inPlace", secret: false },
  { path: "readme", wire: "readme", type: "string (Markdown)", doc: "The prompt's readme.", schema: z.string(), required: false, effect: "inPlace", secret: false },
  { path: "tags", wire: "tags", unordered: true, type: "list of strings", doc: "Labels of the prompt in the hub (not commit tags: those are `PromptTag`s).", schema: z.array(z.string().min(1)), required: false, clearWith: [], effect: "inPlace", secret: false },
  { path: "isPublic", wire: "is_public", refresh: "always", type: "boolean", doc: "Whether anyone may read the prompt.", schema: z.boolean(), required: false, default: false, effect: "inPlace", secret: false },
  {
    path: "manifest",
    type: "map of any",
    doc: "The prompt itself (the hub's manifest: the serialized prompt template). A change pushes one new commit, whose hash is `latestCommitHash`; earlier commits stay as they are.",
    schema: z.record(z.string(), z.unknown()),
    required: false,
    effect: "inPlace",
    effectDoc: "one new commit",
    secret: false,
  },
] as const satisfies FieldTable;

/** A Prompt's checked inputs. */
export type PromptInputs = InputsOf<typeof PROMPT_FIELDS>;
