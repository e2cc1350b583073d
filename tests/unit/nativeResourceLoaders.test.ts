// The native plugin loads each resource's module on its first call
// (provider/native/resourceLoaders.ts); the schema is made from the eager
// list (provider/native/resources.ts). The two must serve the same kinds.
import { loadNativeResource, NATIVE_RESOURCE_TOKENS } from "../../provider/native/resourceLoaders";
import { NATIVE_RESOURCES } from "../../provider/native/resources";

describe("native resource loaders", () => {
  test("serve exactly the resources of the schema, in its order", () => {
    expect(NATIVE_RESOURCE_TOKENS).toEqual(NATIVE_RESOURCES.map((resource) => resource.token));
  });

  test.each(NATIVE_RESOURCES.map((resource) => [resource.token, resource] as const))("%s loads the schema's resource object", async (token, resource) => {
    expect(await loadNativeResource(token)).toBe(resource);
  });

  test("a token not served, or an Object prototype key, loads nothing", async () => {
    expect(await loadNativeResource("langsmith:index:Nope")).toBeUndefined();
    expect(await loadNativeResource("constructor")).toBeUndefined();
    expect(await loadNativeResource("toString")).toBeUndefined();
  });
});
