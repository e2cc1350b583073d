/**
 * How the engine's Read reaches a destination (refresh and import alike):
 * one GET, and the destination's own output layout (its credentials'
 * fingerprint, the keys the service reports) recorded after.
 */
import type { Destination } from "../../client";
import { found } from "../../client/errors";
import { importFields } from "../../engine/fields/fields";
import type { StateOf } from "../../engine/kind/declaration";
import type { ReadHooks } from "../../engine/kind/hooks";
import { destinationCalls } from "./endpoints";
import { DESTINATION_FIELDS, type DestinationInputs } from "./fields";
import { KIND } from "./operations";
import { outputsFor, parseInputs, refreshedOutputs } from "./state";

/** The destination's hooks around the engine's Read. */
export const DESTINATION_READ: ReadHooks<Destination, StateOf<DestinationInputs>> = {
  fetch: ({ client, id, name }) => found(destinationCalls.get(client, id, { name })),
  refreshed: ({ props }, destination) => refreshedOutputs(props, destination),
  /** The inputs that reproduce it (values equal to the defaults left out, never the credentials) and the outputs a create would have recorded. */
  async imported(_request, destination) {
    const inputs = importFields(DESTINATION_FIELDS, destination);
    return {
      id: destination.id,
      inputs,
      outputs: outputsFor(parseInputs(inputs), destination, { lastOperation: `imported ${KIND} ${destination.id}`, credentialsFingerprint: undefined }),
    };
  },
};
