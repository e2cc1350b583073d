/** The PromptTag's endpoints (workspace-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zRepoTagRequest, zRepoUpdateTagRequest } from "../client/wire/tracingAndEvaluation.requests";
import {
  zGetApiV1ReposByOwnerByRepoTagsByTagNameResponse,
  zGetApiV1ReposByOwnerByRepoTagsResponse,
  zPatchApiV1ReposByOwnerByRepoTagsByTagNameResponse,
  zPostApiV1ReposByOwnerByRepoTagsResponse,
} from "../client/wire/tracingAndEvaluation.responses";
import type { CrudEndpoints } from "../shared/crud";

const TAGS = "/repos/-/{promptHandle}/tags";

/** `/api/v1/repos/-/{repo}/tags` (create, list) and `/{tag_name}` (get, PATCH: move, delete). `{promptHandle}` is the input of that name. */
export const PROMPT_TAG_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: TAGS, request: zRepoTagRequest, response: zPostApiV1ReposByOwnerByRepoTagsResponse }),
  list: defineEndpoint({ method: "GET", path: TAGS, response: zGetApiV1ReposByOwnerByRepoTagsResponse }),
  get: defineEndpoint({ method: "GET", path: `${TAGS}/{id}`, response: zGetApiV1ReposByOwnerByRepoTagsByTagNameResponse }),
  update: defineEndpoint({ method: "PATCH", path: `${TAGS}/{id}`, request: zRepoUpdateTagRequest, response: zPatchApiV1ReposByOwnerByRepoTagsByTagNameResponse }),
  delete: defineEndpoint({ method: "DELETE", path: `${TAGS}/{id}` }),
} satisfies CrudEndpoints;
