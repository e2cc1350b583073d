import { objectKey, resolveS3Target } from "../../packages/emulator/src/exports/s3Client";
import { describeS3Failure } from "../../packages/emulator/src/exports/s3TestWrite";

describe("S3 target resolution", () => {
  const base = { bucket_name: "b", prefix: "/exports/" };

  test("custom endpoints use path style unless virtual is asked for", () => {
    expect(resolveS3Target({ ...base, endpoint_url: "http://s3.local:9000" }, undefined)).toMatchObject({
      endpoint: "http://s3.local:9000",
      forcePathStyle: true,
      bucketEndpoint: false,
      bucketParam: "b",
      prefix: "exports",
      region: "us-east-1",
    });
    expect(
      resolveS3Target({ ...base, endpoint_url: "http://s3.local:9000", config_kwargs_s3: { addressing_style: "virtual" } }, undefined).forcePathStyle,
    ).toBe(false);
  });

  test("AWS-style destinations go to the override in path style, or to AWS in virtual style", () => {
    expect(resolveS3Target({ ...base, region: "eu-west-1" }, "http://127.0.0.1:7070")).toMatchObject({
      endpoint: "http://127.0.0.1:7070",
      forcePathStyle: true,
      region: "eu-west-1",
    });
    expect(resolveS3Target({ ...base, region: "eu-west-1" }, undefined)).toMatchObject({ endpoint: undefined, forcePathStyle: false });
  });

  test("include_bucket_in_prefix false addresses the endpoint itself", () => {
    const target = resolveS3Target({ ...base, endpoint_url: "http://b.localhost:7070", include_bucket_in_prefix: false }, undefined);
    expect(target).toMatchObject({ bucketEndpoint: true, bucketParam: "http://b.localhost:7070" });
  });

  test("object keys sit under the prefix", () => {
    const target = resolveS3Target({ ...base, endpoint_url: "http://x" }, undefined);
    expect(objectKey(target, "tmp", "f.txt")).toBe("exports/tmp/f.txt");
    expect(objectKey(resolveS3Target({ ...base, prefix: "", endpoint_url: "http://x" }, undefined), "tmp", "f.txt")).toBe("tmp/f.txt");
  });
});

describe("S3 failure messages", () => {
  const target = resolveS3Target({ bucket_name: "b", prefix: "p", endpoint_url: "http://s3.local" }, undefined);
  const detail = (error: unknown): string => String(describeS3Failure(error, target, "PutObject").body["detail"]);
  const s3Error = (name: string, status: number): Error => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });

  test.each([
    ["AccessDenied", 403, "Access denied"],
    ["NoSuchBucket", 404, "Bucket is not valid"],
    ["InvalidAccessKeyId", 403, "Key ID you provided does not exist"],
    ["InvalidBucketName", 400, "InvalidBucketName"],
    ["SignatureDoesNotMatch", 403, "Access denied"],
  ])("%s -> %s", (name, status, expected) => {
    expect(detail(s3Error(name, status))).toContain(expected);
    expect(describeS3Failure(s3Error(name, status), target, "PutObject").statusCode).toBe(400);
  });

  test("network errors and non-S3 answers are invalid endpoints", () => {
    expect(detail(Object.assign(new Error("connect"), { code: "ECONNREFUSED" }))).toContain("Invalid endpoint");
    expect(detail(Object.assign(new Error("x"), { name: "Error", cause: { code: "ENOTFOUND" } }))).toContain("Invalid endpoint");
    expect(detail(s3Error("UnknownError", 501))).toContain("Invalid endpoint");
  });
});
