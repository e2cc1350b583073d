/**
 * The sections the Registry's page of a resource or invoke adds to its
 * description, as well-kept providers have them (pulumi-random,
 * pulumi-command): `## Example Usage`, the example program in five languages
 * in the `{{% examples %}}` form the Registry shows as language tabs
 * (rendered by Pulumi's program generators into `rendered.json`, see
 * `scripts/generate-examples.mjs`), and for a resource `## Import`, one
 * `pulumi import` command per id form its kind takes.
 */
import rendered from "./rendered.json";
import { typeNameOf } from "./programs";

/** The languages of the example tabs, in the Registry's order, each with its code fence's name. */
export const EXAMPLE_LANGUAGES = ["typescript", "python", "go", "csharp", "yaml"] as const;
/** A language of the example tabs. */
export type ExampleLanguage = (typeof EXAMPLE_LANGUAGES)[number];

/**
 * One example program: its PCL source, its rendering in each language, and
 * whether the Go rendering builds against the Go SDK (with the build's first
 * error when it does not: see `scripts/generate-examples.mjs`).
 */
export type RenderedExample = { readonly pcl: string; readonly goBuilds: boolean; readonly goBuildError?: string } & Readonly<Record<ExampleLanguage, string>>;

/** The languages an example's page shows: every one, but Go where Pulumi's Go program generator renders Go that does not build. */
export function languagesShown(example: RenderedExample): ExampleLanguage[] {
  return EXAMPLE_LANGUAGES.filter((language) => language !== "go" || example.goBuilds);
}

/** The rendered example programs, by the token of their resource or invoke. */
export const RENDERED_EXAMPLES: Readonly<Record<string, RenderedExample>> = rendered;

/** The `## Example Usage` section of `token` (empty when it has no rendered example yet). */
export function exampleUsageSection(token: string): string {
  const example = RENDERED_EXAMPLES[token];
  if (example === undefined) return "";
  const title =
    token.split(":")[2]?.startsWith("get") === true
      ? `Calling ${typeNameOf(token)}`
      : `${capitalized(withArticle(typeNameOf(token)))} with its required inputs`;
  const fences = languagesShown(example).map((language) => `\`\`\`${language}\n${example[language].trimEnd()}\n\`\`\``);
  return ["{{% examples %}}", "## Example Usage", "{{% example %}}", `### ${title}`, "", ...fences, "{{% /example %}}", "{{% /examples %}}"].join("\n");
}

/** The `## Import` section of a resource: one `pulumi import` command per id form its kind takes. */
export function importSection(token: string, importForms: readonly string[]): string {
  if (importForms.length === 0) return "";
  const name = typeNameOf(token);
  const logical = `${name.charAt(0).toLowerCase()}${name.slice(1)}`;
  const inWorkspace = importForms.some((form) => form.startsWith("<workspaceId>/"));
  return [
    "## Import",
    "",
    `${capitalized(withArticle(name))} made outside Pulumi is imported by any of these ids${inWorkspace ? " (with `<workspaceId>/` first, from another workspace than the provider's)" : ""}:`,
    "",
    "```sh",
    ...importForms.map((form) => `$ pulumi import ${token} ${logical} ${form}`),
    "```",
  ].join("\n");
}

/** A type name with its indefinite article, e.g. `an AccessPolicy`, `a Project`. */
export function withArticle(name: string): string {
  return `${/^[AEIOU]/.test(name) ? "an" : "a"} ${name}`;
}

const capitalized = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** A description without the sections {@link withRegistrySections} added (for pages that show the examples apart, or not at all). */
export function withoutRegistrySections(description: string): string {
  const cut = ["\n\n{{% examples %}}", "\n\n## Import"].map((marker) => description.indexOf(marker)).filter((at) => at >= 0);
  return cut.length === 0 ? description : description.slice(0, Math.min(...cut));
}

/** A description with its Registry sections after it. */
export function withRegistrySections(description: string, token: string, importForms?: readonly string[]): string {
  const sections = [exampleUsageSection(token), importForms === undefined ? "" : importSection(token, importForms)].filter((section) => section !== "");
  return [description, ...sections].join("\n\n");
}
