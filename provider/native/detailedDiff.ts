/**
 * The DiffResponse the native server answers: the engine's one diff
 * (`engine/diff/detailedDiff.ts`) of the request's values, in the
 * protocol's words.
 */
import * as providerproto from "@pulumi/pulumi/proto/provider_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import { diffResource, type PathChange } from "../engine/diff/detailedDiff";
import type { LangSmithResource } from "../engine/resource";
import { unwrapSecrets } from "./values";

function fromStruct(struct: structproto.Struct | undefined): Record<string, unknown> {
  return struct ? (struct.toJavaScript() as Record<string, unknown>) : {};
}

const KINDS = providerproto.PropertyDiff.Kind;

/** The protocol's kind of a path's change. */
function kindOf(change: PathChange): providerproto.PropertyDiff.Kind {
  if (change.kind === "add") return change.replace ? KINDS.ADD_REPLACE : KINDS.ADD;
  if (change.kind === "delete") return change.replace ? KINDS.DELETE_REPLACE : KINDS.DELETE;
  return change.replace ? KINDS.UPDATE_REPLACE : KINDS.UPDATE;
}

/** The engine's DiffResponse for `request` on `resource`. */
export function detailedDiff(resource: LangSmithResource, request: providerproto.DiffRequest): providerproto.DiffResponse {
  const diff = diffResource(resource, {
    olds: unwrapSecrets(fromStruct(request.getOlds())).plain,
    news: unwrapSecrets(fromStruct(request.getNews())).plain,
    oldInputs: unwrapSecrets(fromStruct(request.getOldInputs())).plain,
    ignoreChanges: request.getIgnorechangesList(),
  });
  const response = new providerproto.DiffResponse();
  const detailed = response.getDetaileddiffMap();
  for (const [path, change] of diff.detailed) detailed.set(path, new providerproto.PropertyDiff().setKind(kindOf(change)).setInputdiff(change.inputDiff));
  response.setChanges(diff.changes ? providerproto.DiffResponse.DiffChanges.DIFF_SOME : providerproto.DiffResponse.DiffChanges.DIFF_NONE);
  response.setReplacesList([...diff.replaces]);
  response.setDiffsList([...diff.diffs]);
  response.setStablesList([...diff.stables]);
  response.setDeletebeforereplace(diff.deleteBeforeReplace);
  response.setHasdetaileddiff(true);
  return response;
}
