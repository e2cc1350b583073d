import { failTestsOnContractViolations } from "../helpers/contractWatch";

// Integration tests start real servers (emulator, versitygw) and wait on
// revision state machines: give each test up to 5 minutes (a bound, not a target).
jest.setTimeout(5 * 60 * 1000);

// Every request our client sends to an emulator must follow the published contract.
failTestsOnContractViolations();
