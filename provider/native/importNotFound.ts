/**
 * What `pulumi import` (and the `import` option, `Resource.get`) says when
 * the service has no such object: which workspace was searched, and every
 * form of the id the kind takes, so an object of another workspace is one
 * retry away (`<workspaceId>/<id>`). The engine's own words would be
 * `resource '<id>' does not exist`.
 */
import { UUID_PATTERN as UUID } from "../engine/fields/validators";
import type { ProviderSettings } from "../engine/context/settings";
import type { LangSmithResource } from "../engine/resource";

/** An import named an object the service does not have (where it was looked for). */
export class ImportNotFoundError extends Error {
  override readonly name = "ImportNotFoundError";
}

/** Where an import of `given` looked: the workspace it names, the configured one, the key's own, or the organization. */
function searched(resource: LangSmithResource, given: string, settings: ProviderSettings): string {
  if (resource.scope === "organization") return "in the organization";
  const parts = given.split("/");
  const takesPrefix = resource.importForms.some((form) => form.startsWith("<workspaceId>/"));
  const shortest = Math.min(...resource.importForms.map((form) => form.split("/").length));
  if (takesPrefix && parts.length > shortest && UUID.test(parts[0] ?? "")) return `in workspace ${parts[0]}`;
  const configured = settings.client.workspaceId;
  return configured !== undefined ? `in workspace ${configured} (langsmith:workspaceId)` : "in the API key's workspace (langsmith:workspaceId is not set)";
}

/** The error for an import of `given` that found nothing. */
export function importNotFound(resource: LangSmithResource, given: string, settings: ProviderSettings): ImportNotFoundError {
  const type = resource.token.split(":")[2] ?? resource.token;
  const forms = resource.importForms.map((form) => `\`${form}\``).join(", ");
  const otherWorkspace = resource.importForms.some((form) => form.startsWith("<workspaceId>/"))
    ? "; one in another workspace of the organization imports as `<workspaceId>/...`"
    : "";
  return new ImportNotFoundError(
    `importing ${type} "${given}": there is none ${searched(resource, given, settings)}. ${type} imports by ${forms}${otherWorkspace}`,
  );
}
