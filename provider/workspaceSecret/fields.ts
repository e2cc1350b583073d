/**
 * The WorkspaceSecret's inputs: the workspace, the secret's key (fixed) and
 * its value (a Pulumi secret, changed in place by an upsert, never read
 * back). Check, diff, the wire mapping, refresh, import, the schema and the
 * reference table derive from {@link WORKSPACE_SECRET_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import type { FieldTable, InputsOf } from "../shared/fields";

/** The shape of a secret's key: an environment-variable-like name. */
export const SECRET_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Every input field of a WorkspaceSecret. */
export const WORKSPACE_SECRET_FIELDS = [
  workspaceIdField("secret"),
  {
    path: "key",
    wire: "key",
    refresh: "always",
    type: "string: letters, digits, `_`; not starting with a digit",
    doc: "The secret's name, e.g. `OPENAI_API_KEY` (evaluators and the playground read it by this name); unique in the workspace and its id (`pulumi import` takes it).",
    schema: z.string().min(1).max(255).regex(SECRET_KEY_PATTERN),
    reason: 'key is required: a name of letters, digits and "_" that does not start with a digit, e.g. "OPENAI_API_KEY"',
    required: true,
    effect: "replace",
    secret: false,
  },
  {
    path: "value",
    wire: "value",
    type: "string (secret)",
    doc: "The secret's value: always a Pulumi secret, kept in the state only as a salted fingerprint; the service never returns it.",
    schema: z.string().min(1),
    reason: "value is required: set it from a Pulumi secret, e.g. config.requireSecret(\"openaiKey\")",
    required: true,
    effect: "inPlace",
    secret: true,
  },
] as const satisfies FieldTable;

/** A WorkspaceSecret's checked inputs. */
export type WorkspaceSecretInputs = InputsOf<typeof WORKSPACE_SECRET_FIELDS>;
