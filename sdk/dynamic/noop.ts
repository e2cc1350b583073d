import * as pulumi from "@pulumi/pulumi";
import { providerShim } from "./providerShim";

/** Inputs of {@link NoopResource}. */
export interface NoopResourceArgs {
  /** Any value; a change is shown as an update and echoed as an output. Default: unset. */
  value?: pulumi.Input<string>;
}

/**
 * A dynamic resource that calls no API. It exists so benchmarks can measure
 * the floor set by the Pulumi engine and Node.js, and so a smoke test can
 * prove the package's provider loading works under the real CLI.
 */
export class NoopResource extends pulumi.dynamic.Resource {
  /** The value given as input, echoed back. */
  declare readonly value: pulumi.Output<string | undefined>;

  constructor(name: string, args: NoopResourceArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super(providerShim("noop"), name, { value: args.value }, opts, "langsmith", "NoopResource");
  }
}
