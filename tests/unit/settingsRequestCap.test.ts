// `langsmith:maxRequestsPerSecond` (or LANGSMITH_MAX_REQUESTS_PER_SECOND):
// a stack's share of one organization's limit, read into the client's
// options; a value that is not a positive rate fails with the key's name.
import { resolveSettings } from "../../provider/engine/context/settings";

const base = { "langsmith:apiUrl": "http://127.0.0.1:1/api/v1", "langsmith:controlPlaneUrl": "http://127.0.0.1:1", "langsmith:apiKey": "lsv2_pt_x" };
const settings = (config: Record<string, string>, env: NodeJS.ProcessEnv = {}) => resolveSettings((key) => ({ ...base, ...config })[key], env);

describe("langsmith:maxRequestsPerSecond", () => {
  it("is read from the config, else the environment, and is unset by default", () => {
    expect(settings({}).client.maxRequestsPerSecond).toBeUndefined();
    expect(settings({ "langsmith:maxRequestsPerSecond": "2" }).client.maxRequestsPerSecond).toBe(2);
    expect(settings({}, { LANGSMITH_MAX_REQUESTS_PER_SECOND: "0.5" }).client.maxRequestsPerSecond).toBe(0.5);
  });

  it("refuses what is not a positive rate, naming the key", () => {
    for (const value of ["0", "-1", "fast", "20000"]) {
      expect(() => settings({ "langsmith:maxRequestsPerSecond": value })).toThrow(
        /langsmith:maxRequestsPerSecond must be a number of requests a second above 0/,
      );
    }
  });
});
