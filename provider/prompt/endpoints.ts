/** The Prompt's endpoints (workspace-scoped; owner `-` is the workspace's own), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zCommitsCreateCommitReq, zCreateRepoRequest, zUpdateRepoRequest } from "../client/wire/tracingAndEvaluation.requests";
import {
  zGetApiV1ReposByOwnerByRepoResponse,
  zGetApiV1ReposResponse,
  zPatchApiV1ReposByOwnerByRepoResponse,
  zPostApiV1ReposResponse,
  zGetCommitsByOwnerByRepoResponse,
  zPostCommitsByOwnerByRepoResponse,
} from "../client/wire/tracingAndEvaluation.responses";
import type { CrudEndpoints } from "../shared/crud";

const ONE = "/repos/-/{id}";

/** `/api/v1/repos` (create; list, `{repos}`) and `/api/v1/repos/-/{repo}` (get, PATCH, delete; answers wrap the prompt as `{repo}`). */
export const PROMPT_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/repos", request: zCreateRepoRequest, response: zPostApiV1ReposResponse }),
  list: defineEndpoint({ method: "GET", path: "/repos", response: zGetApiV1ReposResponse }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetApiV1ReposByOwnerByRepoResponse }),
  update: defineEndpoint({ method: "PATCH", path: ONE, request: zUpdateRepoRequest, response: zPatchApiV1ReposByOwnerByRepoResponse }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;

/** `POST /commits/-/{repo}` (at the API's origin): pushes one commit of a manifest. */
export const PUSH_COMMIT = defineEndpoint({ method: "POST", path: "/commits/-/{handle}", request: zCommitsCreateCommitReq, response: zPostCommitsByOwnerByRepoResponse });

/** `GET /commits/-/{repo}` (at the API's origin): the prompt's commits, newest first. */
export const LIST_COMMITS = defineEndpoint({ method: "GET", path: "/commits/-/{handle}", response: zGetCommitsByOwnerByRepoResponse });
