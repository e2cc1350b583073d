/**
 * A role's permissions checked against the organization's list
 * (`GET /api/v1/orgs/permissions`) before the role is created or changed, so
 * a misspelt name fails with the names at fault instead of the service's 400.
 */
import type { LangSmithClient } from "../client";
import { InvalidRequestError } from "../client/errors";
import type { Properties } from "../shared/resource";
import { LIST_PERMISSIONS } from "./endpoints";

/**
 * Throws {@link InvalidRequestError} naming every permission of `inputs` the
 * organization does not know, or that is organization-wide (a custom role
 * grants workspace permissions only).
 */
export async function checkRolePermissions(client: LangSmithClient, inputs: Properties, action: string): Promise<void> {
  const known = (await client.resources.send(LIST_PERMISSIONS, { action: `${action}: listing the organization's permissions` })) as { name: string; access_scope: string }[];
  const wanted = Array.isArray(inputs["permissions"]) ? (inputs["permissions"] as string[]) : [];
  const unknown = wanted.filter((name) => !known.some((permission) => permission.name === name));
  const organizationWide = wanted.filter((name) => known.some((permission) => permission.name === name && permission.access_scope === "organization"));
  const problems = [
    ...(unknown.length > 0 ? [`the organization has no permission ${unknown.map((name) => `"${name}"`).join(", ")}`] : []),
    ...(organizationWide.length > 0 ? [`a custom role grants workspace permissions only, not ${organizationWide.map((name) => `"${name}"`).join(", ")}`] : []),
  ];
  if (problems.length > 0) throw new InvalidRequestError(`${action} failed: ${problems.join("; ")}. See getPermissions for the names.`);
}
