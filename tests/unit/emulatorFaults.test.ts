import { FaultRegistry, RateLimiter } from "../../packages/emulator/src/server/faults";

describe("fault registry", () => {
  test("matches method and glob path, and counts down", () => {
    const faults = new FaultRegistry();
    faults.add({ method: "post", path: "/v2/deployments", status: 500, times: 2 });
    faults.add({ path: "/api/*/destinations/*", drop: "before-handler" });
    expect(faults.take("GET", "/v2/deployments")).toBeUndefined();
    expect(faults.take("POST", "/v2/deployments")).toMatchObject({ status: 500, remaining: 1 });
    expect(faults.take("POST", "/v2/deployments")).toMatchObject({ status: 500, remaining: 0 });
    expect(faults.take("POST", "/v2/deployments")).toBeUndefined();
    expect(faults.take("DELETE", "/api/v1/bulk-exports/destinations")).toBeUndefined();
    expect(faults.take("DELETE", "/api/v1/bulk-exports/destinations/x")).toMatchObject({ drop: "before-handler" });
    expect(faults.list()).toEqual([]);
  });

  test("glob characters other than * are literal", () => {
    const faults = new FaultRegistry();
    faults.add({ path: "/v2/a.b", status: 503 });
    expect(faults.take("GET", "/v2/aXb")).toBeUndefined();
    expect(faults.take("GET", "/v2/a.b")).toBeDefined();
  });

  test("skip lets the first matching requests through, then applies", () => {
    const faults = new FaultRegistry();
    faults.add({ method: "GET", path: "/v2/deployments/*", status: 401, skip: 2 });
    expect(faults.take("GET", "/v2/deployments/a")).toBeUndefined();
    expect(faults.take("POST", "/v2/deployments/a")).toBeUndefined();
    expect(faults.take("GET", "/v2/deployments/a/revisions")).toBeUndefined();
    expect(faults.take("GET", "/v2/deployments/a")).toMatchObject({ status: 401, remaining: 0 });
    expect(faults.take("GET", "/v2/deployments/a")).toBeUndefined();
  });

  test("clear removes every rule", () => {
    const faults = new FaultRegistry();
    faults.add({ path: "*", delayMs: 1, times: 10 });
    faults.clear();
    expect(faults.take("GET", "/x")).toBeUndefined();
  });
});

describe("rate limiter", () => {
  test("allows N per sliding second and tells when to retry", () => {
    const limiter = new RateLimiter(2);
    expect(limiter.allow(1_000)).toBe(true);
    expect(limiter.allow(1_100)).toBe(true);
    expect(limiter.allow(1_200)).toBe(false);
    expect(limiter.retryAfterSeconds(1_200)).toBe(1);
    expect(limiter.allow(2_001)).toBe(true);
  });

  test("null means unlimited", () => {
    const limiter = new RateLimiter(null);
    for (let i = 0; i < 100; i += 1) expect(limiter.allow(5)).toBe(true);
  });
});
