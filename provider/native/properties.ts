/**
 * What the native server reads of a kind's properties: top-level keys, the
 * input names, and the outputs the engine shows for a planned create or
 * update (a preview).
 */
import type { LangSmithResource } from "../engine/resource";
import { UNKNOWN } from "../engine/fields/values";

export { inputNames } from "../engine/diff/detailedDiff";

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
