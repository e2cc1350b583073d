/** Table-driven test of host resolution: presets, explicit URLs, self-hosted, normalization, rejections. */
import { ConfigurationError, type HostOptions, type ResolvedHosts, resolveHosts } from "../../provider/client";

const US = { controlPlaneUrl: "https://api.host.langchain.com", apiUrl: "https://api.smith.langchain.com/api/v1" };

const resolved: ReadonlyArray<[string, HostOptions, ResolvedHosts]> = [
  ["nothing set: us", {}, US],
  ["empty strings count as unset", { region: " ", controlPlaneUrl: "", apiUrl: "", selfHostedUrl: "" }, US],
  ["region us", { region: "us" }, US],
  ["region eu", { region: "eu" }, { controlPlaneUrl: "https://eu.api.host.langchain.com", apiUrl: "https://eu.api.smith.langchain.com/api/v1" }],
  ["region apac", { region: "apac" }, { controlPlaneUrl: "https://apac.api.host.langchain.com", apiUrl: "https://apac.api.smith.langchain.com/api/v1" }],
  ["region aws-us", { region: "aws-us" }, { controlPlaneUrl: "https://aws.api.host.langchain.com", apiUrl: "https://aws.api.smith.langchain.com/api/v1" }],
  [
    "self-hosted origin",
    { selfHostedUrl: "https://langsmith.example.com" },
    { controlPlaneUrl: "https://langsmith.example.com/api-host", apiUrl: "https://langsmith.example.com/api/v1" },
  ],
  [
    "self-hosted origin with trailing slash",
    { selfHostedUrl: "https://langsmith.example.com/" },
    { controlPlaneUrl: "https://langsmith.example.com/api-host", apiUrl: "https://langsmith.example.com/api/v1" },
  ],
  [
    "self-hosted under a sub-path, http, port",
    { selfHostedUrl: "http://10.0.0.5:8080/langsmith" },
    { controlPlaneUrl: "http://10.0.0.5:8080/langsmith/api-host", apiUrl: "http://10.0.0.5:8080/langsmith/api/v1" },
  ],
  [
    "self-hosted pasted with /api/v1",
    { selfHostedUrl: "https://ls.example.com/api/v1/" },
    { controlPlaneUrl: "https://ls.example.com/api-host", apiUrl: "https://ls.example.com/api/v1" },
  ],
  [
    "self-hosted pasted with /api-host",
    { selfHostedUrl: "https://ls.example.com/api-host" },
    { controlPlaneUrl: "https://ls.example.com/api-host", apiUrl: "https://ls.example.com/api/v1" },
  ],
  [
    "explicit URLs win over region",
    { region: "eu", controlPlaneUrl: "http://127.0.0.1:9000", apiUrl: "http://127.0.0.1:9001" },
    { controlPlaneUrl: "http://127.0.0.1:9000", apiUrl: "http://127.0.0.1:9001/api/v1" },
  ],
  [
    "explicit URL wins over self-hosted for one API only",
    { selfHostedUrl: "https://ls.example.com", apiUrl: "https://rest.example.com" },
    { controlPlaneUrl: "https://ls.example.com/api-host", apiUrl: "https://rest.example.com/api/v1" },
  ],
  [
    "trailing slashes are dropped",
    { controlPlaneUrl: "https://cp.example.com//", apiUrl: "https://api.example.com/" },
    { controlPlaneUrl: "https://cp.example.com", apiUrl: "https://api.example.com/api/v1" },
  ],
  ["apiUrl with /api/v1 and trailing slash", { apiUrl: "https://api.smith.langchain.com/api/v1/" }, US],
  ["apiUrl with /api", { apiUrl: "https://api.smith.langchain.com/api" }, US],
  ["controlPlaneUrl with a trailing /v2", { controlPlaneUrl: "https://api.host.langchain.com/v2/" }, US],
  // The control plane follows the REST API when only the API is given (as langgraph-cli derives it from LANGSMITH_ENDPOINT).
  [
    "apiUrl of a local install: control plane at its /api-host",
    { apiUrl: "http://127.0.0.1:1984" },
    { controlPlaneUrl: "http://127.0.0.1:1984/api-host", apiUrl: "http://127.0.0.1:1984/api/v1" },
  ],
  [
    "apiUrl of a self-hosted install under a path, with /api",
    { apiUrl: "https://ls.example.com/langsmith/api" },
    { controlPlaneUrl: "https://ls.example.com/langsmith/api-host", apiUrl: "https://ls.example.com/langsmith/api/v1" },
  ],
  [
    "apiUrl of the eu cloud: the eu control plane",
    { apiUrl: "https://eu.api.smith.langchain.com" },
    { controlPlaneUrl: "https://eu.api.host.langchain.com", apiUrl: "https://eu.api.smith.langchain.com/api/v1" },
  ],
  [
    "apiUrl of the aws-us cloud with /api/v1: the aws control plane",
    { apiUrl: "https://aws.api.smith.langchain.com/api/v1" },
    { controlPlaneUrl: "https://aws.api.host.langchain.com", apiUrl: "https://aws.api.smith.langchain.com/api/v1" },
  ],
  [
    "apiUrl of another cloud host: the us control plane",
    { apiUrl: "https://smith.langchain.com/api" },
    { controlPlaneUrl: "https://api.host.langchain.com", apiUrl: "https://smith.langchain.com/api/v1" },
  ],
  [
    "apiUrl wins over region for the control plane too",
    { region: "eu", apiUrl: "http://127.0.0.1:1984/api/v1" },
    { controlPlaneUrl: "http://127.0.0.1:1984/api-host", apiUrl: "http://127.0.0.1:1984/api/v1" },
  ],
  [
    "surrounding whitespace is trimmed; host is lower-cased",
    { controlPlaneUrl: "  https://CP.Example.com  " },
    { controlPlaneUrl: "https://cp.example.com", apiUrl: US.apiUrl },
  ],
];

const rejected: ReadonlyArray<[string, HostOptions, RegExp, string | null]> = [
  ["unknown region", { region: "mars" }, /region must be one of us, eu, apac, aws-us/, null],
  ["region together with self-hosted", { region: "eu", selfHostedUrl: "https://ls.example.com" }, /either region/, null],
  ["credentials in URL", { controlPlaneUrl: "https://user:hunter2@cp.example.com" }, /must not contain credentials/, "hunter2"],
  ["user only in URL", { apiUrl: "https://tok3n@api.example.com" }, /must not contain credentials/, "tok3n"],
  ["credentials in self-hosted URL", { selfHostedUrl: "https://a:s3cret@ls.example.com" }, /selfHostedUrl must not contain credentials/, "s3cret"],
  ["query string", { apiUrl: "https://api.example.com/?token=abc123" }, /apiUrl must not contain a query/, "abc123"],
  ["empty query string", { controlPlaneUrl: "https://cp.example.com?" }, /must not contain a query/, null],
  ["fragment", { controlPlaneUrl: "https://cp.example.com/#frag99" }, /must not contain a fragment/, "frag99"],
  ["ftp scheme", { controlPlaneUrl: "ftp://cp.example.com" }, /must use http or https, not "ftp"/, null],
  ["file scheme", { selfHostedUrl: "file:///etc/passwd" }, /must use http or https/, null],
  ["no scheme", { apiUrl: "api.example.com" }, /apiUrl is not a valid URL/, null],
  ["garbage", { controlPlaneUrl: "::::" }, /controlPlaneUrl is not a valid URL/, null],
];

describe("resolveHosts", () => {
  test.each(resolved)("%s", (_name, options, expected) => {
    expect(resolveHosts(options)).toEqual(expected);
  });

  test.each(rejected)("rejects: %s", (_name, options, message, secret) => {
    let caught: unknown;
    try {
      resolveHosts(options);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigurationError);
    expect((caught as Error).message).toMatch(message);
    if (secret !== null) expect((caught as Error).message).not.toContain(secret);
  });
});
