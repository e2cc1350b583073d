/** The BulkExport's inputs on the wire: the create body derived from the field table. */
import type { CreateBulkExportRequest } from "../../client/contractTypes/bulkExports";
import { toCreateBody } from "../../engine/fields/fields";
import { BULK_EXPORT_FIELDS, type BulkExportInputs } from "./fields";

/** Body of `POST /bulk-exports`. */
export function toCreateRequest(inputs: BulkExportInputs): CreateBulkExportRequest {
  return toCreateBody<CreateBulkExportRequest>(BULK_EXPORT_FIELDS, inputs);
}
