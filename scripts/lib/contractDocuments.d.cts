/** Types of contractDocuments.cjs: the contract as everything reads it (the published documents with the additions applied, and the additions). */
/** The published documents' areas, in schema order. */
export declare const PUBLISHED_AREAS: readonly ["control-plane", "bulk-exports", "organization-and-access", "tracing-and-evaluation"];
/** The additions document's area. */
export declare const ADDITIONS_AREA: "additions";
/** The file name of an area's document, e.g. `control-plane.openapi.json`. */
export declare function documentFile(area: string): string;
/** The effective documents under `contractDir`, by area (the additions only when the folder has them), each a parsed OpenAPI document. */
export declare function effectiveDocuments(contractDir: string): Record<string, Record<string, unknown>>;
