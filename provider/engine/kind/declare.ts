/**
 * A kind from its declaration: the one way a kind is written.
 * {@link declareKind} prepares the declaration once and answers the
 * {@link LangSmithResource} both drivers serve. Read (refresh and import,
 * `read.ts`) and Diff (`diff.ts`) are the engine's for every kind, wrapped
 * by the kind's hooks (`hooks.ts`), and so are create (`create.ts`) and
 * update (`write.ts`) unless the declaration replaces the step with a
 * function; check, delete and list are the generic path's module functions
 * over the declaration unless the declaration names a hook for the step
 * ({@link KindHooks}). A write drops
 * what the operation read of the kind's lists, before and after it, so a
 * later read goes to the service.
 */
import { forgettingListPages } from "../reads/listSnapshots";
import type { FieldTable } from "../fields/fields";
import type { KindContract, KindLookup, LangSmithResource } from "../resource";
import { checkDeclared } from "./check";
import { createDeclared } from "./create";
import type { CrudEndpoints, KindDeclaration } from "./declaration";
import type { WireObject } from "./hooks";
import { diffDeclared } from "./diff";
import { importForms, prepareKind } from "./prepare";
import { listFunctionOf } from "./listFunction";
import { kindParents, listDeclared } from "./listing";
import { importObject, refreshObject } from "./read";
import { deleteDeclared, updateDeclared } from "./write";

/** The {@link LangSmithResource} of a declared kind. */
export function declareKind<const Table extends FieldTable, Wire extends WireObject = WireObject, Endpoints extends CrudEndpoints = CrudEndpoints>(
  declaration: KindDeclaration<Table, Wire, Endpoints>,
): LangSmithResource {
  const spec: KindDeclaration = declaration;
  const kind = prepareKind(spec);
  const hooks = spec.hooks ?? {};
  const { migrate } = kind;
  const resource: LangSmithResource = {
    token: spec.token,
    description: spec.description,
    ...(spec.groupDocs !== undefined ? { groupDocs: spec.groupDocs } : {}),
    fields: spec.fields,
    inputsNotInOutputs:
      spec.inputsNotInOutputs ??
      spec.fields.filter((field) => field.secret || field.effect === "createOnly").map((field) => field.path.split(".")[0] as string),
    outputs: kind.outputSpecs,
    scope: spec.scope,
    importForms: spec.importForms ?? importForms(kind),
    contract: contractOf(spec),
    migrate,
    check: hooks.check ?? ((olds, news) => checkDeclared(kind, olds, news)),
    ...(hooks.checkLocal !== undefined ? { checkLocal: hooks.checkLocal } : {}),
    diff: (olds, news) => diffDeclared(kind, olds, news),
    create: forgettingListPages(spec.token, typeof hooks.create === "function" ? hooks.create : (context, inputs) => createDeclared(kind, context, inputs)),
    read: (context, id, outputs) => refreshObject(kind, context, id, outputs),
    update: forgettingListPages(
      spec.token,
      typeof hooks.update === "function" ? hooks.update : (context, id, olds, news) => updateDeclared(kind, context, id, migrate(olds), news),
    ),
    delete: forgettingListPages(spec.token, hooks.delete ?? ((context, id, outputs) => deleteDeclared(kind, context, id, migrate(outputs)))),
    import: (context, id) => importObject(kind, context, id),
    ...(hooks.list !== undefined
      ? { list: hooks.list }
      : kind.endpoints.list !== undefined
        ? { list: (context, scope) => listDeclared(kind, context, scope) }
        : {}),
    parents: kindParents(kind),
    ...lookupOf(spec),
  };
  const listFunction = listFunctionOf(kind, resource);
  return listFunction === undefined ? resource : { ...resource, listFunction };
}

/**
 * What the declaration's lookup takes beyond its import forms.
 *
 * @throws Error when it asks for a lookup by name without a name field, or without a list to find names in.
 */
function lookupOf(spec: KindDeclaration): { lookup?: KindLookup } {
  const declared = spec.lookup;
  if (declared === undefined) return {};
  if (declared.byName === true && spec.nameField === undefined) throw new Error(`${spec.token}: a lookup by name needs a nameField`);
  if (spec.endpoints?.list === undefined && spec.hooks?.list === undefined)
    throw new Error(`${spec.token}: a lookup by name or of the only object needs a list`);
  return {
    lookup: {
      ...(declared.byName === true && spec.nameField !== undefined ? { byName: spec.nameField } : {}),
      ...(declared.onlyObject === true ? { onlyObject: true } : {}),
    },
  };
}

/** The contract's bodies a declaration names: its own, else its endpoints'. */
function contractOf(spec: KindDeclaration): KindContract {
  const endpoints = spec.endpoints;
  const defined = <T>(values: readonly (T | undefined)[]): T[] => values.filter((value): value is T => value !== undefined);
  return {
    requests: spec.contractBodies?.requests ?? defined([endpoints?.create.request, endpoints?.update?.request]),
    responses: spec.contractBodies?.responses ?? defined([endpoints?.get?.response ?? endpoints?.create.response]),
    outputWires: spec.contractBodies?.outputWires ?? (spec.outputs ?? []).map((output) => output.wire),
  };
}
