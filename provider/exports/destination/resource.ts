/**
 * The BulkExportDestination's declaration: its field table, its outputs and
 * the hooks where the generic path is not enough: the service test-writes
 * to the bucket before it accepts a destination or new credentials, a
 * credentials change rotates them in place (one PATCH), check follows the
 * credentials rules (which depend on a self-hosted install), and a delete the
 * service cannot do leaves the destination with one warning.
 */
import { declareKind } from "../../engine/kind";
import { checkDestinationInputs, existsWithoutCredentials } from "./check";
import { DESTINATION_DIFF } from "./diff";
import { DESTINATION_READ } from "./reads";
import { DESTINATION_FIELDS } from "./fields";
import { markUnchangedCredentials } from "./fingerprint";
import { createDestination, deleteDestination, isSelfHosted, updateDestination } from "./operations";
import { DESTINATION_OUTPUT_SPECS } from "./outputs";
import { migrateDestinationOutputs } from "./state";
import { zBulkExportDestination, zBulkExportDestinationCreate, zBulkExportDestinationUpdate } from "../../client/wire/bulkExports.requests";
import { destinationCalls } from "./endpoints";

/** The BulkExportDestination. */
export const resource = declareKind({
  contractBodies: {
    requests: [zBulkExportDestinationCreate, zBulkExportDestinationUpdate],
    responses: [zBulkExportDestination],
    outputWires: ["credentials_keys"],
  },
  token: "langsmith:index:BulkExportDestination",
  listing: {},
  kind: "bulk-export destination",
  scope: "workspace",
  nameField: "displayName",
  description:
    "An S3-compatible bucket that bulk exports write to. The service test-writes before accepting it or new credentials; a credentials change rotates them in place, any other change replaces it. The service cannot delete destinations: delete leaves it in the workspace with a warning.",
  fields: DESTINATION_FIELDS,
  groupDocs: {
    config: "The bucket: its name, prefix, region or S3-compatible endpoint, and addressing style. A change replaces the destination.",
    credentials: "The key pair (or a role) bulk exports write with: a change rotates it in place, after the service's test write.",
  },
  inputsNotInOutputs: ["credentials", "adoptExistingId"],
  recordedOutputs: DESTINATION_OUTPUT_SPECS,
  importForms: ["<id>"],
  hooks: {
    migrate: migrateDestinationOutputs,
    check(olds, news, settings) {
      // A self-hosted install's destinations may omit credentials: only the stack's settings say which it is.
      const result = checkDestinationInputs(news, {
        selfHosted: settings !== undefined && isSelfHosted(settings),
        existsWithoutCredentials: existsWithoutCredentials(olds),
      });
      return { inputs: markUnchangedCredentials(olds, result.inputs), failures: result.failures };
    },
    diff: DESTINATION_DIFF,
    create: createDestination,
    read: DESTINATION_READ,
    update: updateDestination,
    delete: deleteDestination,
    /** The destinations of the stack's workspace (they are imported by id there). */
    async list(context) {
      const destinations = await destinationCalls.list(await context.client());
      return destinations.map((destination) => ({
        importId: destination.id,
        id: destination.id,
        ...(typeof destination.display_name === "string" ? { name: destination.display_name } : {}),
      }));
    },
  },
});
