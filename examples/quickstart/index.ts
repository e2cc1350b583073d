import { NoopResource } from "pulumi-langsmith";

// Minimal program while the Deployment and BulkExportDestination resources
// are being built: it proves the package loads under the real engine.
const probe = new NoopResource("quickstart-probe", { value: "hello" });

export const probeValue = probe.value;
