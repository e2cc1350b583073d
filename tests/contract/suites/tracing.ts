/**
 * Contract tier: the tracing-and-evaluation operations (tracing projects,
 * datasets and examples, annotation queues, feedback configs, the model
 * price map, playground settings, prompt webhooks, prompts, run rules,
 * alerts, evaluators), and the 501 probes of the operations whose kinds the
 * emulator does not serve yet.
 *
 * @packageDocumentation
 */
import { NOT_IMPLEMENTED_IN_EMULATOR } from "../harness";
import { type ContractEnv, UNKNOWN_ID } from "./env";

/** Defines the tracing-and-evaluation suite. */
export function describeTracing(env: ContractEnv): void {
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> => env.harness.call(...args);

  describe("REST API: tracing and evaluation", () => {
    test("operations of kinds not served yet answer 501", async () => {
      for (const op of NOT_IMPLEMENTED_IN_EMULATOR) {
        const path = op.template.replace(/\{[^}]+\}/g, UNKNOWN_ID);
        await call(op.method, path, { body: ["POST", "PUT", "PATCH"].includes(op.method) ? {} : undefined, expect: 501, request: "probe" });
      }
    });
  });
}
