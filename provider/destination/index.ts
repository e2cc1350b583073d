/**
 * The BulkExportDestination dynamic provider, loaded by the shim
 * (sdk/providerShim.ts) as `pulumi-langsmith/provider/destination`: the
 * engine's calls wired to check, diff and the named operations.
 */
import type * as pulumi from "@pulumi/pulumi";
import { configureProvider, currentSettings } from "../shared/context";
import { checkDestinationInputs, existsWithoutCredentials } from "./check";
import { diffDestination } from "./diff";
import { markUnchangedCredentials } from "./fingerprint";
import { createDestination, deleteDestination, isSelfHosted, readDestination, updateDestination } from "./operations";
import { migrateDestinationOutputs } from "./state";

/** The BulkExportDestination dynamic provider. */
export const provider: pulumi.dynamic.ResourceProvider = {
  async configure(request) {
    configureProvider(request);
  },
  async check(olds, news) {
    const result = checkDestinationInputs(news, { selfHosted: isSelfHosted(currentSettings()), existsWithoutCredentials: existsWithoutCredentials(olds) });
    return { inputs: markUnchangedCredentials(olds, result.inputs), failures: result.failures };
  },
  async diff(_id, olds, news) {
    const { changes, replaces, deleteBeforeReplace } = diffDestination(migrateDestinationOutputs(olds), news);
    return { changes, replaces, deleteBeforeReplace };
  },
  create: createDestination,
  read: readDestination,
  update: updateDestination,
  delete: deleteDestination,
};
