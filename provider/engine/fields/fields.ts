/**
 * Field tables, in one import: the row's type (`fieldSpec.ts`), check
 * (`fieldCheck.ts`), diff (`fieldDiff.ts`), the wire mapping, refresh and
 * import (`fieldWire.ts`) and the reference tables (`fieldReference.ts`).
 */
export * from "./fieldSpec";
export * from "./fieldCheck";
export { type ChangedFields, diffFields } from "./fieldDiff";
export * from "./fieldWire";
export * from "./fieldReference";
