/**
 * Validates requests and responses against the services' published OpenAPI
 * documents (the wire contract, the repository's copy in `contract/`), with
 * the newer endpoints and fields of `contract/additions.openapi.json` applied
 * (scripts/lib/contractDocuments.cjs).
 *
 * The documents and their operations are read by `contractOperations.ts`,
 * requests checked by `contractRequests.ts`, responses by
 * `contractResponses.ts`; this module gathers what the tests import.
 *
 * @packageDocumentation
 */
export {
  CONTRACT_DIR,
  type ContractApi,
  type ContractOperation,
  type ContractOperationRef,
  type ContractParameter,
  type ContractResponse,
  contractOperations,
  declaredStatusKey,
  findOperation,
  type JsonSchema,
  type MatchedOperation,
} from "./contractOperations";
export { validatePathParams, validateRequest } from "./contractRequests";
export { missingDeclaredProperties, validateResponse } from "./contractResponses";
