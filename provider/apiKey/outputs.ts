/** The outputs both kinds of key report: the key itself (once, a secret), its short form, names and times. */
import type { WireOutput } from "../shared/crud";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../shared/outputs";

/** The outputs of an `ApiKey` and of a `ServiceKey`. */
export const KEY_OUTPUTS: readonly WireOutput[] = [
  {
    name: "key",
    type: OUTPUT_TYPES.string,
    secret: true,
    doc: "The key itself (a Pulumi secret). The service shows it once, at create: an imported key has none.",
    changesOnUpdate: false,
    wire: "key",
    onlyAtCreate: true,
  },
  { name: "shortKey", type: OUTPUT_TYPES.string, doc: "The key's visible prefix, as LangSmith lists it.", changesOnUpdate: false, wire: "short_key" },
  { name: "workspaceNames", type: OUTPUT_TYPES.stringList, doc: "Names of the workspaces the key may act in.", changesOnUpdate: false, wire: "workspace_names" },
  { ...CREATED_AT_OUTPUT, wire: "created_at" },
];
