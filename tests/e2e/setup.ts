import { failTestsOnContractViolations } from "../helpers/contractWatch";

// Each e2e test drives the real Pulumi CLI, which starts programs and
// provider processes: give tests up to 15 minutes (a bound, not a target).
jest.setTimeout(15 * 60 * 1000);

// Every request a provider process sends to an emulator of this test must follow the published contract.
failTestsOnContractViolations();
