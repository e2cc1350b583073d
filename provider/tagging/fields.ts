/**
 * The Tagging's inputs: which tag value is attached to which object. The
 * service cannot change a tagging, so every change replaces it. Check, diff,
 * the wire mapping, refresh, import, the schema and the reference table
 * derive from {@link TAGGING_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import { type FieldTable, type InputsOf, unknownOr } from "../shared/fields";
import { uuid } from "../shared/validators";

/** The kinds of object a tag value can be attached to (the contract's `ResourceType`). */
export const TAGGABLE_TYPES = ["dashboard", "dataset", "deployment", "evaluator", "experiment", "fleet_integration", "mcp_server", "project", "prompt", "queue", "sandbox"] as const;

/** Every input field of a Tagging. */
export const TAGGING_FIELDS = [
  workspaceIdField("tagging"),
  {
    path: "tagValueId",
    wire: "tag_value_id",
    refresh: "always",
    type: "string (UUID)",
    doc: "The `TagValue` to attach (its id).",
    schema: unknownOr(uuid("tagValueId")),
    reason: "tagValueId is required: set it to a TagValue's id",
    required: true,
    effect: "replace",
    secret: false,
  },
  {
    path: "resourceType",
    wire: "resource_type",
    refresh: "always",
    type: TAGGABLE_TYPES.map((type) => `\`${type}\``).join(" \\| "),
    doc: "Kind of the tagged object.",
    schema: z.enum(TAGGABLE_TYPES),
    reason: `resourceType is required and must be one of ${TAGGABLE_TYPES.join(", ")}`,
    required: true,
    effect: "replace",
    secret: false,
  },
  {
    path: "resourceId",
    wire: "resource_id",
    refresh: "always",
    type: "string (UUID)",
    doc: "Id of the tagged object, e.g. a `Deployment`'s id.",
    schema: unknownOr(uuid("resourceId")),
    reason: "resourceId is required: set it to the id of the object to tag",
    required: true,
    effect: "replace",
    secret: false,
  },
] as const satisfies FieldTable;

/** A Tagging's checked inputs. */
export type TaggingInputs = InputsOf<typeof TAGGING_FIELDS>;
