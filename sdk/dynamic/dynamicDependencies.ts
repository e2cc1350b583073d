/**
 * The dynamic classes run the provider inside the program's own Node.js
 * process tree, so they need the HTTP client and the validator the native
 * plugin carries in its archive. They are optional peer dependencies of
 * `pulumi-langsmith`: a program on the native classes (the default export)
 * installs neither; a program on `pulumi-langsmith/dynamic` installs both.
 */

/** Packages the dynamic classes load at run time. */
export const DYNAMIC_DEPENDENCIES = ["axios", "zod"] as const;

/** Thrown when `pulumi-langsmith/dynamic` is imported without its peer dependencies installed. */
export class MissingDynamicDependencyError extends Error {
  /** The packages that could not be resolved, e.g. `["zod"]`. */
  readonly missing: readonly string[];

  constructor(missing: readonly string[]) {
    super(
      `loading pulumi-langsmith/dynamic: ${missing.join(" and ")} ${missing.length === 1 ? "is" : "are"} not installed. ` +
        `The dynamic classes need them beside pulumi-langsmith: run \`npm install ${DYNAMIC_DEPENDENCIES.join(" ")}\` in the program's directory ` +
        "(the native classes, `pulumi-langsmith`'s default export, need neither).",
    );
    this.name = "MissingDynamicDependencyError";
    this.missing = missing;
  }
}

/**
 * Resolves each of {@link DYNAMIC_DEPENDENCIES} from this package's location
 * (as the provider process will) without loading it.
 *
 * @param resolve the resolver; default: this module's `require.resolve`.
 * @throws MissingDynamicDependencyError naming every package that is missing.
 */
export function assertDynamicDependencies(resolve: (name: string) => string = require.resolve): void {
  const missing = DYNAMIC_DEPENDENCIES.filter((name) => {
    try {
      resolve(name);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) throw new MissingDynamicDependencyError(missing);
}
