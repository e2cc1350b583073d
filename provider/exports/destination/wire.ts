/** The BulkExportDestination's inputs on the wire: request bodies derived from the field table. */
import type { CreateDestinationRequest, DestinationCredentials } from "../../client/contractTypes/destinations";
import { toCreateBody, toWireBody } from "../../engine/fields/fields";
import { type DestinationConfigInputs, type DestinationCredentialInputs, DESTINATION_FIELDS, type DestinationInputs } from "./fields";

/** Body of `POST /bulk-exports/destinations` (`include_bucket_in_prefix` sent with its default, `true`). */
export function toCreateRequest(inputs: DestinationInputs): CreateDestinationRequest {
  const withDefault = { ...inputs, config: { ...inputs.config, includeBucketInPrefix: inputs.config.includeBucketInPrefix ?? true } };
  return toCreateBody<CreateDestinationRequest>(DESTINATION_FIELDS, withDefault);
}

/** `credentials` on the wire (the body of a rotation). */
export function toWireCredentials(credentials: DestinationCredentialInputs): DestinationCredentials {
  const body = toWireBody(DESTINATION_FIELDS, { credentials }, ["credentials.accessKeyId", "credentials.secretAccessKey", "credentials.sessionToken"]);
  return body["credentials"] as DestinationCredentials;
}

/** Where the service's test object goes, e.g. `s3://bucket/prefix/tmp/` (plus ` at <endpoint>` for non-AWS stores). */
export function testWriteLocation(config: DestinationConfigInputs): string {
  const prefix = config.prefix.replace(/^\/+|\/+$/g, "");
  const path = [config.bucketName, prefix, "tmp"].filter((p) => p !== "").join("/");
  return `s3://${path}/${config.endpointUrl !== undefined ? ` at ${config.endpointUrl}` : ""}`;
}
