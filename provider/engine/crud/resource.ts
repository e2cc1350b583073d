/**
 * A kind on the generic path, from its declaration: {@link crudResource}
 * prepares the declaration once and answers the {@link LangSmithResource}
 * whose operations are the module functions of this folder (check and diff
 * from the field table; create, refresh, update, delete, import over the
 * declared endpoints). A write drops what the operation read of the kind's
 * lists, before and after it, so a later read goes to the service.
 */
import { droppingSnapshots } from "../reads/listSnapshots";
import type { LangSmithResource } from "../resource";
import { migrateOutputs } from "../state/stateVersion";
import { checkDeclared, diffDeclared } from "./checkDiff";
import { createDeclared } from "./create";
import type { CrudResourceSpec } from "./declaration";
import { CRUD_STATE_VERSION, prepareKind } from "./prepare";
import { importDeclared, readDeclared } from "./read";
import { deleteDeclared, updateDeclared } from "./write";

/** The {@link LangSmithResource} of a declared kind. */
export function crudResource(spec: CrudResourceSpec): LangSmithResource {
  const kind = prepareKind(spec);
  const migrate = (outputs: Record<string, unknown>) => migrateOutputs(spec.kind, outputs, CRUD_STATE_VERSION, {});
  return {
    token: spec.token,
    description: spec.description,
    fields: spec.fields,
    inputsNotInOutputs: spec.fields.filter((field) => field.secret || field.effect === "createOnly").map((field) => field.path.split(".")[0] as string),
    outputs: kind.outputSpecs,
    migrate,
    check: (olds, news) => checkDeclared(kind, olds, news),
    diff: (olds, news) => diffDeclared(kind, olds, news),
    create: droppingSnapshots(spec.token, (context, inputs: Record<string, unknown>) => createDeclared(kind, context, inputs)),
    read: (context, id, outputs) => readDeclared(kind, context, id, migrate(outputs)),
    update: droppingSnapshots(spec.token, (context, id: string, olds: Record<string, unknown>, news: Record<string, unknown>) => updateDeclared(kind, context, id, migrate(olds), news)),
    delete: droppingSnapshots(spec.token, (context, id: string, outputs: Record<string, unknown>) => deleteDeclared(kind, context, id, migrate(outputs))),
    import: (context, id) => importDeclared(kind, context, id),
  };
}
