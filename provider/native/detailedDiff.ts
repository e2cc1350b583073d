/**
 * The detailed diff the native server answers: the kind's diff, with
 * `ignoreChanges` applied and each path's kind (add, delete, update, each
 * with or without replacement), compared with the old outputs, or with the
 * old inputs for the properties kept out of the outputs (secrets).
 */
import * as providerproto from "@pulumi/pulumi/proto/provider_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import type { LangSmithResource } from "../engine/resource";
import { isIgnoredPath, withIgnoredFromNews } from "./ignoreChanges";
import { inputNames, topKey, unique } from "./properties";
import { hasValue, unwrapSecrets } from "./values";

function fromStruct(struct: structproto.Struct | undefined): Record<string, unknown> {
  return struct ? (struct.toJavaScript() as Record<string, unknown>) : {};
}

/** The engine's DiffResponse for `request` on `resource`. */
export function detailedDiff(resource: LangSmithResource, request: providerproto.DiffRequest): providerproto.DiffResponse {
  const ignored = request.getIgnorechangesList();
  const news = unwrapSecrets(fromStruct(request.getNews())).plain;
  // Ignored paths compare equal: the old outputs (which a refresh may have changed) take the new inputs' values there.
  const olds = withIgnoredFromNews(unwrapSecrets(fromStruct(request.getOlds())).plain, news, ignored);
  const oldInputs = unwrapSecrets(fromStruct(request.getOldInputs())).plain;
  const result = resource.diff(resource.migrate(olds), news);
  const kinds = providerproto.PropertyDiff.Kind;
  const response = new providerproto.DiffResponse();
  const detailed = response.getDetaileddiffMap();
  const inputs = inputNames(resource);
  // The old value of a path: the outputs echo most inputs; secrets are only in the old inputs.
  const hadValue = (path: string) => hasValue(olds, path) || hasValue(oldInputs, path);
  const kindOf = (path: string, replace: boolean): providerproto.PropertyDiff.Kind => {
    // An output-only property (e.g. an export's status seen by a refresh) is neither added nor deleted by the program.
    if (!inputs.has(topKey(path))) return replace ? kinds.UPDATE_REPLACE : kinds.UPDATE;
    const before = hadValue(path);
    const after = hasValue(news, path);
    if (!before && after) return replace ? kinds.ADD_REPLACE : kinds.ADD;
    if (before && !after) return replace ? kinds.DELETE_REPLACE : kinds.DELETE;
    return replace ? kinds.UPDATE_REPLACE : kinds.UPDATE;
  };
  const notIgnored = (path: string) => !isIgnoredPath(path, ignored);
  const replaces = unique(result.replaces.filter(notIgnored));
  // A path that replaces is reported once, as a replacement.
  const updates = unique(result.updates.filter(notIgnored)).filter((path) => !replaces.includes(path));
  // The cores compare the state's outputs with the new inputs (so drift seen by a refresh shows); only
  // properties kept out of the outputs (secrets, credentials) are compared with the old inputs.
  const inputDiff = (path: string) => inputs.has(topKey(path)) && !(topKey(path) in olds);
  for (const path of replaces) detailed.set(path, new providerproto.PropertyDiff().setKind(kindOf(path, true)).setInputdiff(inputDiff(path)));
  for (const path of updates) detailed.set(path, new providerproto.PropertyDiff().setKind(kindOf(path, false)).setInputdiff(inputDiff(path)));
  // A pending resume is never dropped by ignoreChanges: the update finishes what the last operation began.
  const changes =
    replaces.length > 0 || updates.length > 0 || result.pending || (result.changes && result.replaces.length === 0 && result.updates.length === 0);
  response.setChanges(changes ? providerproto.DiffResponse.DiffChanges.DIFF_SOME : providerproto.DiffResponse.DiffChanges.DIFF_NONE);
  response.setReplacesList(unique(replaces.map(topKey)));
  response.setDiffsList(unique([...replaces, ...updates].map(topKey)));
  response.setStablesList(resource.outputs.filter((output) => !output.changesOnUpdate).map((output) => output.name));
  response.setDeletebeforereplace(replaces.length > 0 && result.deleteBeforeReplace);
  response.setHasdetaileddiff(true);
  return response;
}
