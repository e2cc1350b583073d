/**
 * A kind's create and update as the engine runs them (check first, then the
 * step), through the in-process provider's operation context: what the
 * integration tests that drive kinds directly share.
 */
import type { OperationContext } from "../../provider/engine/context/operation";
import type { LangSmithResource, Properties, ResourceDiff } from "../../provider/engine/resource";
import { operation } from "./providerConfig";

/** Checks `news` (no failure expected), then creates; answers the id, the outputs and the checked inputs. */
export async function createChecked(
  resource: LangSmithResource,
  news: Properties,
  context: OperationContext = operation(),
): Promise<{ id: string; outs: Properties; inputs: Properties }> {
  const checked = resource.check({}, news);
  expect(checked.failures).toEqual([]);
  const created = await resource.create(context, checked.inputs);
  return { id: created.id, outs: (created.outs ?? {}) as Properties, inputs: checked.inputs };
}

/** Checks `news` against `olds` (no failure expected), diffs, then updates; answers the diff and the new outputs. */
export async function updateChecked(
  resource: LangSmithResource,
  id: string,
  olds: Properties,
  news: Properties,
): Promise<{ diff: ResourceDiff; outs: Properties }> {
  const checked = resource.check(olds, news);
  expect(checked.failures).toEqual([]);
  const diff = resource.diff(olds, checked.inputs);
  const updated = await resource.update(operation(), id, olds, checked.inputs);
  return { diff, outs: (updated.outs ?? {}) as Properties };
}
