import * as pulumi from "@pulumi/pulumi";

/**
 * Names of the provider implementation modules that shims may load, as
 * subpaths of this package (`pulumi-langsmith/provider/<name>`).
 */
export type ProviderModuleName = "noop" | "deployment" | "destination" | "bulkExport";

/** What an implementation module exports: the provider object itself. */
interface ProviderModule {
  readonly provider: pulumi.dynamic.ResourceProvider;
}

/**
 * Builds the object handed to `pulumi.dynamic.Resource`.
 *
 * Pulumi serializes this object's methods into the state (`__provider`) and
 * evaluates them in a separate provider process. Each method therefore
 * captures nothing but the module name: it `require`s the implementation by
 * package name at call time, so no credential, client or version string ends
 * up in the state, and the serialized text stays the same across releases of
 * this package (tests/unit/providerShim.test.ts checks both).
 *
 * The provider process resolves the package from the Pulumi program's own
 * `node_modules`, so the program must have `pulumi-langsmith` installed.
 *
 * One object per module name: `@pulumi/pulumi` caches the serialized text
 * per provider object, so every resource of a kind after the first costs no
 * closure serialization (which inspects each method through the V8
 * inspector, milliseconds per resource).
 *
 * @param moduleName which implementation to load, e.g. `"deployment"`.
 */
export function providerShim(moduleName: ProviderModuleName): pulumi.dynamic.ResourceProvider {
  let shim = shims.get(moduleName);
  if (shim === undefined) {
    shim = createProviderShim(moduleName);
    shims.set(moduleName, shim);
  }
  return shim;
}

/** The shims made so far, by module name. */
const shims = new Map<ProviderModuleName, pulumi.dynamic.ResourceProvider>();

/** Makes the shim object of {@link providerShim}; its methods capture only `moduleName`. */
function createProviderShim(moduleName: ProviderModuleName): pulumi.dynamic.ResourceProvider {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const load = (): pulumi.dynamic.ResourceProvider => (require("pulumi-langsmith/provider/" + moduleName) as ProviderModule).provider;
  return {
    configure: (request) => {
      const impl = load();
      return impl.configure ? impl.configure(request) : Promise.resolve();
    },
    check: (olds, news) => {
      const impl = load();
      return impl.check ? impl.check(olds, news) : Promise.resolve({ inputs: news });
    },
    diff: (id, olds, news) => {
      const impl = load();
      return impl.diff ? impl.diff(id, olds, news) : Promise.resolve({});
    },
    create: (inputs) => load().create(inputs),
    read: (id, props) => {
      const impl = load();
      return impl.read ? impl.read(id, props) : Promise.resolve({ id, props });
    },
    update: (id, olds, news) => {
      const impl = load();
      return impl.update ? impl.update(id, olds, news) : Promise.resolve({ outs: news });
    },
    delete: (id, props) => {
      const impl = load();
      return impl.delete ? impl.delete(id, props) : Promise.resolve();
    },
  };
}
