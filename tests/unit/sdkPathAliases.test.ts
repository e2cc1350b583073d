// Where the emulator serves a path the langsmith SDKs call at another place
// than the published documents put it (packages/emulator/src/tracing/sdk/pathAliases.ts).
import { aliasCandidates, routedUrl } from "../../packages/emulator/src/tracing/sdk/pathAliases";

const SERVED = new Set([
  "/api/v1/info",
  "/api/v1/settings",
  "/commits/-/greeting",
  "/commits/-/greeting/prod",
  "/v1/platform/datasets/d/examples",
  "/api/v1/platform/gateway-policies",
]);
const served = (path: string): boolean => SERVED.has(path);

describe("the SDKs' path layouts", () => {
  test("a served path is routed as it is, query and all", () => {
    expect(routedUrl("/api/v1/info?x=1", served)).toBe("/api/v1/info?x=1");
    expect(routedUrl("/api/v1/platform/gateway-policies", served)).toBe("/api/v1/platform/gateway-policies");
  });

  test("a REST path at the origin is the one under /api/v1 (the SDKs' default endpoint has no /api/v1)", () => {
    expect(routedUrl("/info", served)).toBe("/api/v1/info");
    expect(routedUrl("/settings?a=b", served)).toBe("/api/v1/settings?a=b");
  });

  test("/api/v1/commits is /commits, /api/v1/platform is /v1/platform, and a trailing slash is dropped", () => {
    expect(routedUrl("/api/v1/commits/-/greeting/prod?include_model=true", served)).toBe("/commits/-/greeting/prod?include_model=true");
    expect(routedUrl("/api/v1/commits/-/greeting/?limit=1&offset=0", served)).toBe("/commits/-/greeting?limit=1&offset=0");
    expect(routedUrl("/api/v1/platform/datasets/d/examples", served)).toBe("/v1/platform/datasets/d/examples");
    expect(routedUrl("/api/v1/settings/", served)).toBe("/api/v1/settings");
  });

  test("a path served nowhere stays as it is (to be answered 501)", () => {
    expect(routedUrl("/api/v1/runs/multipart", served)).toBe("/api/v1/runs/multipart");
    expect(routedUrl("/nothing", served)).toBe("/nothing");
    expect(aliasCandidates("/")).toEqual(["/api/v1/"]);
  });

  test("the candidates, in the order tried", () => {
    expect(aliasCandidates("/api/v1/commits/-/p/")).toEqual(["/api/v1/commits/-/p", "/v1/commits/-/p", "/commits/-/p"]);
    expect(aliasCandidates("/datasets/x")).toEqual(["/api/v1/datasets/x"]);
    expect(aliasCandidates("/api/v2/sandboxes")).toEqual([]);
  });
});
