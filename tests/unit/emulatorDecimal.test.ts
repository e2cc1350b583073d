// The emulator answers a Decimal setting as the contract's pattern has it: a
// string of digits with no exponent (fuzzing found `2.01e-57`).
import { plainDecimal } from "../../packages/emulator/src/organization/organizationRoutes";

const DECIMAL_PATTERN = /^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$/;

describe("plainDecimal", () => {
  it.each([
    [0, "0"],
    [12.5, "12.5"],
    [2.0124785577297658e-57, `0.${"0".repeat(56)}20124785577297658`],
    [1e21, "1000000000000000000000"],
    [-3.5e-7, "-0.00000035"],
    [1.5e22, "15000000000000000000000"],
  ])("%p is %p, which the contract's Decimal pattern accepts", (value, expected) => {
    expect(plainDecimal(value)).toBe(expected);
    expect(DECIMAL_PATTERN.test(plainDecimal(value))).toBe(true);
    expect(Number(plainDecimal(value))).toBe(value);
  });
});
