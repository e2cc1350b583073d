/**
 * The Pulumi package schema of the `langsmith` provider, generated from the
 * field tables (inputs), the resources' output lists and the configuration
 * keys: descriptions, defaults, secret flags and `replaceOnChanges` come from
 * the same rows that drive check, diff and the docs. Never edited by hand.
 */
import { CONFIG_KEYS } from "../engine/context/settings";
import { enumValueName, type PulumiNamedTypeSpec, type PulumiPropertySpec } from "./pulumiTypes";
import { type ResourceSpec, resourceSpec } from "./resourceSchema";
import { REGION_HOSTS, REGIONS } from "../client/hosts";
import { allNativeFunctions } from "./functions";
import { listedType, listedTypeToken } from "./listFunctions";
import { loadAllKinds } from "../registry";
import { pluginDownloadUrl } from "../client/version";
import { withRegistrySections } from "./examples/sections";

export { PACKAGE_NAME } from "./resourceSchema";
import { PACKAGE_NAME } from "./resourceSchema";

/** The project's repository, its home page. */
const PROJECT_HOME = "https://github.com/pulumi-langsmith/pulumi-langsmith";

/** An invoke of the schema. */
interface FunctionSpec {
  description: string;
  inputs: { properties: Record<string, PulumiPropertySpec>; required?: string[] };
  outputs: { properties: Record<string, PulumiPropertySpec>; required?: string[] };
}

/** The schema document (the parts this provider fills in). */
export interface PackageSchema {
  name: string;
  displayName: string;
  version: string;
  description: string;
  keywords: string[];
  license: string;
  /** The project's home page. */
  homepage: string;
  /** The project's source repository. */
  repository: string;
  /** Who publishes the package (the Registry's publisher line). */
  publisher: string;
  /** The package's logo, a PNG the Registry and the .NET package show. */
  logoUrl: string;
  /** Where the engine downloads the plugin (`github://…`, `https://…`); unset: the engine's default sources. */
  pluginDownloadURL?: string;
  config: { variables: Record<string, PulumiPropertySpec> };
  provider: { description: string; inputProperties: Record<string, PulumiPropertySpec> };
  resources: Record<string, ResourceSpec>;
  functions: Record<string, FunctionSpec>;
  types: Record<string, PulumiNamedTypeSpec>;
  language: Record<string, unknown>;
}

/** The `langsmith:region` values, a named enum of the schema. */
const REGION_TYPE = `${PACKAGE_NAME}:index:Region`;

/**
 * The configuration keys as schema properties. `withEnvironment`: the
 * `config.variables` form, each key with its environment fallback as
 * `defaultInfo.environment` (where the Registry and `pulumi config` show it);
 * the provider's inputs leave it out, so an explicit provider never records
 * a value read from the environment of the machine that ran it.
 */
function configProperties(withEnvironment: boolean): Record<string, PulumiPropertySpec> {
  const variables: Record<string, PulumiPropertySpec> = {};
  for (const spec of Object.values(CONFIG_KEYS)) {
    const name = spec.key.slice(`${PACKAGE_NAME}:`.length);
    const env = "env" in spec ? spec.env : undefined;
    variables[name] = {
      ...(name === "region" ? { $ref: `#/types/${REGION_TYPE}` } : { type: spec.type }),
      description: env !== undefined ? `${spec.doc} Environment fallback: \`${env}\`.` : spec.doc,
      ...("secret" in spec && spec.secret ? { secret: true } : {}),
      ...(withEnvironment && env !== undefined ? { defaultInfo: { environment: [env] } } : {}),
    };
  }
  return variables;
}

/** The enum of `langsmith:region`, each value with its hosts. */
function regionType(): PulumiNamedTypeSpec {
  return {
    type: "string",
    description: "A LangSmith cloud region: where the provider's control plane and REST API are, unless their URLs are set.",
    enum: REGIONS.map((region) => ({
      name: enumValueName(region),
      value: region,
      description: `The \`${region}\` region: ${REGION_HOSTS[region].apiUrl} and ${REGION_HOSTS[region].controlPlaneUrl}.`,
    })),
  };
}

/**
 * The package schema for `version` (the plugin's version, e.g. `0.2.0`).
 * `downloadUrl` (default: package.json's `pulumi.server`, the repository's
 * release downloads) becomes `pluginDownloadURL`: every generated SDK tells
 * the engine where to fetch `pulumi-resource-langsmith` from.
 * Deterministic: the same tables give the same document.
 */
export function packageSchema(version: string, downloadUrl: string | undefined = pluginDownloadUrl()): PackageSchema {
  const types: Record<string, PulumiNamedTypeSpec> = {};
  const resources: Record<string, ResourceSpec> = {};
  for (const resource of loadAllKinds()) {
    const spec = resourceSpec(resource, types);
    resources[resource.token] = spec;
    if (resource.listFunction !== undefined)
      types[listedTypeToken(resource.token)] = listedType(resource.token, spec.properties, resource.listFunction.listedOnly);
  }
  types[REGION_TYPE] = regionType();
  return {
    name: PACKAGE_NAME,
    displayName: "LangSmith",
    version,
    description: "LangSmith deployments, bulk exports, workspaces and access, tracing projects, datasets, evaluation and prompts, managed by Pulumi.",
    keywords: ["pulumi", "langsmith", "langgraph", "category/utility", "kind/native"],
    license: "Apache-2.0",
    homepage: PROJECT_HOME,
    repository: PROJECT_HOME,
    publisher: "pulumi-langsmith",
    logoUrl: `${PROJECT_HOME}/raw/main/docs/logo.png`,
    ...(downloadUrl !== undefined ? { pluginDownloadURL: downloadUrl } : {}),
    config: { variables: configProperties(true) },
    provider: { description: "The LangSmith provider: endpoints, credentials and wait defaults.", inputProperties: configProperties(false) },
    resources,
    functions: Object.fromEntries(
      allNativeFunctions().map((fn) => [
        fn.token,
        {
          description: withRegistrySections(fn.description, fn.token),
          inputs: { properties: fn.inputs, ...(fn.requiredInputs.length > 0 ? { required: [...fn.requiredInputs] } : {}) },
          outputs: { properties: fn.outputs },
        },
      ]),
    ),
    types: Object.fromEntries(Object.entries(types).sort(([a], [b]) => a.localeCompare(b))),
    language: {
      nodejs: { packageName: "pulumi-langsmith", packageDescription: "LangSmith resources on the native langsmith provider.", respectSchemaVersion: true },
      python: { packageName: "pulumi_langsmith", respectSchemaVersion: true },
      go: { importBasePath: "github.com/pulumi-langsmith/pulumi-langsmith/sdk/go/langsmith", respectSchemaVersion: true },
      csharp: { rootNamespace: "PulumiLangsmith", respectSchemaVersion: true },
    },
  };
}
