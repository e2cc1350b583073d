import { rmSync } from "node:fs";

/** Removes the program root made by globalSetup (kept when KEEP_E2E_ROOT=1, for debugging). */
export default async function globalTeardown(): Promise<void> {
  const root = process.env["PULUMI_LANGSMITH_E2E_ROOT"];
  if (root && process.env["KEEP_E2E_ROOT"] !== "1") rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
