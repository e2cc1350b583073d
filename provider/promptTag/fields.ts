/**
 * The PromptTag's inputs: a prompt, the tag's name (both fixed) and the
 * commit it points at (moved in place: one PATCH, no new commit). Check,
 * diff, the wire mapping, refresh, import, the schema and the reference
 * table derive from {@link PROMPT_TAG_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import { type FieldTable, type InputsOf, unknownOr } from "../shared/fields";
import { uuid } from "../shared/validators";
import { PROMPT_HANDLE_PATTERN } from "../prompt/fields";

/** Every input field of a PromptTag. */
export const PROMPT_TAG_FIELDS = [
  workspaceIdField("prompt tag"),
  {
    path: "promptHandle",
    type: "string",
    doc: "The `Prompt` (its handle) the tag belongs to.",
    schema: unknownOr(z.string().min(1).regex(PROMPT_HANDLE_PATTERN)),
    reason: "promptHandle is required: a Prompt's handle",
    required: true,
    effect: "replace",
    secret: false,
  },
  {
    path: "tagName",
    wire: "tag_name",
    refresh: "always",
    type: "string",
    doc: "The tag, e.g. `production`; unique per prompt (`pulumi import` takes `<promptHandle>/<tagName>`).",
    schema: z.string().trim().min(1).max(100),
    reason: 'tagName is required, e.g. "production"',
    required: true,
    effect: "replace",
    secret: false,
  },
  {
    path: "commitId",
    wire: "commit_id",
    refresh: "always",
    type: "string (UUID)",
    doc: "The commit the tag points at (e.g. a `Prompt`'s `latestCommitId`, or `getPromptCommit`); moving it is one PATCH.",
    schema: unknownOr(uuid("commitId")),
    reason: "commitId is required: the id of a commit of the prompt",
    required: true,
    effect: "inPlace",
    secret: false,
  },
] as const satisfies FieldTable;

/** A PromptTag's checked inputs. */
export type PromptTagInputs = InputsOf<typeof PROMPT_TAG_FIELDS>;
