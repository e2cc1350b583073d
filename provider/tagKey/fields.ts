/**
 * The TagKey's inputs: the workspace, the key and its description (both
 * changed in place). Check, diff, the wire mapping, refresh, import, the
 * schema and the reference table derive from {@link TAG_KEY_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import type { FieldTable, InputsOf } from "../shared/fields";

/** Every input field of a TagKey. */
export const TAG_KEY_FIELDS = [
  workspaceIdField("tag key"),
  {
    path: "key",
    wire: "key",
    refresh: "always",
    type: "string, 1 to 255 characters",
    doc: "The tag's key, e.g. `env`; unique in the workspace (`pulumi import` accepts it instead of the id).",
    schema: z.string().min(1).max(255),
    reason: 'key is required: set it to the tag\'s key, e.g. "env" (1 to 255 characters)',
    required: true,
    effect: "inPlace",
    secret: false,
  },
  {
    path: "description",
    wire: "description",
    type: "string",
    doc: "What the key means.",
    schema: z.string(),
    required: false,
    effect: "inPlace",
    secret: false,
  },
] as const satisfies FieldTable;

/** A TagKey's checked inputs. */
export type TagKeyInputs = InputsOf<typeof TAG_KEY_FIELDS>;
