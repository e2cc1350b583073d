/**
 * The TagValue's inputs: its tag key (fixed), the value and its description
 * (both changed in place). Check, diff, the wire mapping, refresh, import,
 * the schema and the reference table derive from {@link TAG_VALUE_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import type { FieldTable, InputsOf } from "../shared/fields";
import { unknownOr } from "../shared/fields";
import { uuid } from "../shared/validators";

/** Every input field of a TagValue. */
export const TAG_VALUE_FIELDS = [
  workspaceIdField("tag value"),
  {
    path: "tagKeyId",
    type: "string (UUID)",
    doc: "The `TagKey` the value belongs to (its id); the service cannot move a value to another key.",
    schema: unknownOr(uuid("tagKeyId")),
    reason: "tagKeyId is required: set it to a TagKey's id",
    required: true,
    effect: "replace",
    secret: false,
  },
  {
    path: "value",
    wire: "value",
    refresh: "always",
    type: "string, 1 to 255 characters",
    doc: "The value, e.g. `production`; unique under its key (`pulumi import` accepts `<tagKeyId>/<value>`).",
    schema: z.string().min(1).max(255),
    reason: 'value is required: set it to the tag\'s value, e.g. "production" (1 to 255 characters)',
    required: true,
    effect: "inPlace",
    secret: false,
  },
  {
    path: "description",
    wire: "description",
    type: "string",
    doc: "What the value means.",
    schema: z.string(),
    required: false,
    effect: "inPlace",
    secret: false,
  },
] as const satisfies FieldTable;

/** A TagValue's checked inputs. */
export type TagValueInputs = InputsOf<typeof TAG_VALUE_FIELDS>;
