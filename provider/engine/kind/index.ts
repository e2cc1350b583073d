/**
 * What a kind's declaration file takes from the engine's generic path: the
 * builder ({@link declareKind}), the declaration's types and the shared
 * `workspaceId` field.
 */
export { type AnyEndpoint, type BatchRead, type CrudEndpoints, type KindDeclaration, type WireOutput, descriptionField, workspaceIdField } from "./declaration";
export { settingsInScope } from "./prepare";
export { declareKind } from "./declare";
