/** The dynamic classes' optional peer dependencies: a missing one is named, with the install command. */
import { assertDynamicDependencies, MissingDynamicDependencyError } from "../../sdk/dynamic/dynamicDependencies";

const resolverWithout =
  (absent: readonly string[]) =>
  (name: string): string => {
    if (absent.includes(name)) throw new Error(`Cannot find module '${name}'`);
    return `/node_modules/${name}/index.js`;
  };

describe("the dynamic classes' peer dependencies", () => {
  it("pass when both resolve (as in this checkout)", () => {
    expect(() => assertDynamicDependencies()).not.toThrow();
    expect(() => assertDynamicDependencies(resolverWithout([]))).not.toThrow();
  });

  it("name the one that is missing and the command that installs both", () => {
    const error = (() => {
      try {
        assertDynamicDependencies(resolverWithout(["zod"]));
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(MissingDynamicDependencyError);
    expect((error as MissingDynamicDependencyError).missing).toEqual(["zod"]);
    expect((error as Error).message).toBe(
      "loading pulumi-langsmith/dynamic: zod is not installed. The dynamic classes need them beside pulumi-langsmith: run `npm install axios zod` in the program's directory (the native classes, `pulumi-langsmith`'s default export, need neither).",
    );
  });

  it("name both when both are missing", () => {
    expect(() => assertDynamicDependencies(resolverWithout(["axios", "zod"]))).toThrow(/^loading pulumi-langsmith\/dynamic: axios and zod are not installed\./);
  });
});
