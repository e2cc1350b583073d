/**
 * What a declared kind records: the inputs echoed (secrets never, as
 * fingerprints), what the service reports, and the provider's own outputs;
 * one module for the create, the update and the Read.
 */
import type { ProviderSettings } from "../context/settings";
import { compact, deletePath, getPath, isUnset } from "../fields/paths";
import type { Properties } from "../resource";
import { fingerprintSecrets, SECRET_FINGERPRINTS_OUTPUT } from "../secrets/secretFingerprints";
import { CRUD_STATE_VERSION, type PreparedKind } from "./prepare";

/** The workspace an answer says the object is in, else the one the call went to. */
export function tenantOf(settings: ProviderSettings, wire: unknown): string | undefined {
  const reported = getPath(wire, "tenant_id");
  return typeof reported === "string" ? reported : settings.client.workspaceId;
}

/** The outputs: the inputs echoed (secrets never; the service's value of an unset `serviceDefault` field), what the service reports, and the provider's own. */
export function outputsFor(kind: PreparedKind, inputs: Properties, wire: unknown, tenantId: string | undefined, lastOperation: string): Properties {
  const out: Properties = {};
  for (const field of kind.echoed) {
    const value = getPath(inputs, field.path);
    if (!isUnset(value)) setTop(out, field.path, value);
    else if (field.serviceDefault === true && field.wire !== undefined) {
      // The service chose it: recorded from its answer, as a refresh reads it.
      const chosen = field.fromWire !== undefined ? field.fromWire(getPath(wire, field.wire)) : (getPath(wire, field.wire) ?? undefined);
      if (!isUnset(chosen)) setTop(out, field.path, chosen);
    }
  }
  for (const output of kind.wireOutputs) {
    const value = getPath(wire, output.wire);
    if (!isUnset(value)) out[output.name] = value;
  }
  if (kind.spec.scope === "workspace" && tenantId !== undefined) out["tenantId"] = tenantId;
  if (kind.hasSecrets) out[SECRET_FINGERPRINTS_OUTPUT.name] = fingerprintSecrets(kind.spec.fields, inputs);
  out["lastOperation"] = lastOperation;
  out["stateVersion"] = CRUD_STATE_VERSION;
  return compact(out);
}

/** The service-reported outputs kept from the previous state (an update's answer may omit them). */
export function keptOutputs(kind: PreparedKind, olds: Properties): Properties {
  return Object.fromEntries(kind.wireOutputs.filter((output) => olds[output.name] !== undefined).map((output) => [output.name, olds[output.name]]));
}

/** Sets a (possibly dotted) input path on the outputs object. */
function setTop(out: Properties, path: string, value: unknown): void {
  const keys = path.split(".");
  let target = out;
  for (const key of keys.slice(0, -1)) {
    target[key] ??= {};
    target = target[key] as Properties;
  }
  target[keys[keys.length - 1] as string] = value;
}

/** The inputs without the fields only an update sets (`createWire: null`). */
export function withoutUpdateOnlyFields(kind: PreparedKind, inputs: Properties): Properties {
  const out = structuredClone(inputs);
  for (const field of kind.spec.fields) if (field.createWire === null) deletePath(out, field.path);
  return out;
}
