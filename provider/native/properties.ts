/**
 * What the native server reads of a kind's properties: top-level keys, the
 * input names, and the outputs the engine shows for a planned create or
 * update (a preview).
 */
import type { LangSmithResource } from "../engine/resource";
import { UNKNOWN } from "../engine/fields/values";

import { inputNames } from "../engine/diff/detailedDiff";

export { inputNames };

/** Whether an input is echoed in the outputs (provider-internal `__` fields and inputs kept out of them are not). */
function echoedInput(resource: LangSmithResource, key: string): boolean {
  return !key.startsWith("__") && !resource.inputsNotInOutputs.includes(key);
}

/** The outputs the engine shows for a planned create: the inputs, and every output-only property planned or unknown. */
export function plannedCreate(resource: LangSmithResource, inputs: Record<string, unknown>): Record<string, unknown> {
  const outputs: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(inputs)) if (echoedInput(resource, key)) outputs[key] = value;
  for (const output of resource.outputs) outputs[output.name] = output.planned ?? UNKNOWN;
  return outputs;
}

/** The outputs the engine shows for a planned update: the new inputs, the old outputs that cannot change, planned values, the rest unknown. */
export function plannedUpdate(resource: LangSmithResource, olds: Record<string, unknown>, news: Record<string, unknown>): Record<string, unknown> {
  const outputs: Record<string, unknown> = {};
  for (const output of resource.outputs) {
    outputs[output.name] = output.planned ?? (output.changesOnUpdate || olds[output.name] === undefined ? UNKNOWN : olds[output.name]);
  }
  for (const [key, value] of Object.entries(news)) if (echoedInput(resource, key)) outputs[key] = value;
  return outputs;
}

/** A kind's property names, computed once per kind (every call asks). */
interface PropertyNames {
  /** The outputs and inputs that are always secret (fingerprints, secret fields). */
  readonly alwaysSecret: ReadonlySet<string>;
  /** Every top-level input and output name. */
  readonly properties: ReadonlySet<string>;
}

const PROPERTY_NAMES = new WeakMap<LangSmithResource, PropertyNames>();

function propertyNamesOf(resource: LangSmithResource): PropertyNames {
  let names = PROPERTY_NAMES.get(resource);
  if (names === undefined) {
    const properties = new Set([...inputNames(resource), ...resource.outputs.map((output) => output.name)]);
    const alwaysSecret = new Set(
      [
        ...resource.outputs.filter((output) => output.secret).map((output) => output.name),
        ...resource.fields.filter((field) => field.secret).map((field) => field.path.split(".")[0] as string),
      ].filter((name) => properties.has(name)),
    );
    names = { alwaysSecret, properties };
    PROPERTY_NAMES.set(resource, names);
  }
  return names;
}

/** Output properties to mark secret: fingerprints and secret fields, and every property whose input held a secret. */
export function secretOutputs(resource: LangSmithResource, inputSecretKeys: ReadonlySet<string>): Set<string> {
  const { alwaysSecret, properties } = propertyNamesOf(resource);
  const names = new Set(alwaysSecret);
  for (const name of inputSecretKeys) if (properties.has(name)) names.add(name);
  return names;
}
