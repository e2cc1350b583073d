/** The PlaygroundSettings' endpoints (workspace-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zPlaygroundSettingsCreateRequest, zPlaygroundSettingsUpdateRequest } from "../client/wire/tracingAndEvaluation.requests";
import {
  zGetApiV1PlaygroundSettingsByPlaygroundSettingsIdResponse,
  zGetApiV1PlaygroundSettingsResponse,
  zPatchApiV1PlaygroundSettingsByPlaygroundSettingsIdResponse,
  zPostApiV1PlaygroundSettingsResponse,
} from "../client/wire/tracingAndEvaluation.responses";
import type { CrudEndpoints } from "../shared/crud";

/** `/api/v1/playground-settings` (create, list) and `/{playground_settings_id}` (get, PATCH, delete). */
export const PLAYGROUND_SETTINGS_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/playground-settings", request: zPlaygroundSettingsCreateRequest, response: zPostApiV1PlaygroundSettingsResponse }),
  list: defineEndpoint({ method: "GET", path: "/playground-settings", response: zGetApiV1PlaygroundSettingsResponse }),
  get: defineEndpoint({ method: "GET", path: "/playground-settings/{id}", response: zGetApiV1PlaygroundSettingsByPlaygroundSettingsIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/playground-settings/{id}", request: zPlaygroundSettingsUpdateRequest, response: zPatchApiV1PlaygroundSettingsByPlaygroundSettingsIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/playground-settings/{id}" }),
} satisfies CrudEndpoints;
