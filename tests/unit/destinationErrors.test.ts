import { BadRequestError, ConflictError, NotFoundError, PermissionDeniedError, ServerError } from "../../provider/client";
import {
  classifyTestWriteFailure,
  createFailure,
  DestinationOperationError,
  deleteFailure,
  rotateFailure,
  TEST_WRITE_FAILURES,
} from "../../provider/exports/destination/errors";
import { fingerprintCredentials } from "../../provider/exports/destination/fingerprint";
import { describeCredentialChange } from "../../provider/exports/destination/state";
import { testWriteLocation, toCreateRequest } from "../../provider/exports/destination/wire";

const ACTION = 'creating bulk-export destination "exports"';
const LOCATION = "s3://exports/langsmith/tmp/";

function badRequest(detail: string): BadRequestError {
  return new BadRequestError(`${ACTION}: 400 BadRequest - ${detail}`, { status: 400, detail, method: "POST", path: "/api/v1/bulk-exports/destinations" });
}

// The service's wording for each refusal (as the emulator reproduces it).
const DETAILS: Array<[string, string]> = [
  ["accessDenied", "Failed to validate the S3 destination (PutObject): Access denied (AccessDenied) writing to bucket 'exports'"],
  ["bucketNotValid", "Failed to validate the S3 destination (PutObject): Bucket is not valid: bucket 'nope' does not exist or does not permit writes."],
  [
    "unknownKeyId",
    "Failed to validate the S3 destination (PutObject): The AWS Access Key Id you provided does not exist in our records (Key ID you provided does not exist).",
  ],
  ["invalidEndpoint", "Failed to validate the S3 destination (PutObject): Invalid endpoint: could not reach http://127.0.0.1:1 (ECONNREFUSED)."],
  [
    "invalidBucketName",
    "Failed to validate the S3 destination (PutObject): InvalidBucketName: the endpoint rejected the bucket name 'exports'; set config_kwargs_s3.addressing_style to 'virtual'.",
  ],
  ["credentialsRequired", "credentials are required: environment-based credentials are only available on self-hosted installs"],
  ["other", "something else went wrong"],
];

describe("test-write refusals", () => {
  it.each(DETAILS)("%s is recognised", (kind, detail) => {
    expect(classifyTestWriteFailure(badRequest(detail))).toBe(kind);
  });

  it.each(DETAILS)("create: %s gets the spec's hint", (kind, detail) => {
    const error = createFailure(badRequest(detail), LOCATION);
    expect(error).toBeInstanceOf(DestinationOperationError);
    const message = (error as Error).message;
    expect(message.startsWith(`${ACTION}: 400 BadRequest - `)).toBe(true);
    const hint = TEST_WRITE_FAILURES.find((f) => f.kind === kind)?.hint;
    if (hint !== undefined) expect(message).toContain(hint);
    if (kind !== "credentialsRequired") expect(message).toContain(`copy a small file to ${LOCATION}`);
    expect((error as DestinationOperationError).testWriteFailure).toBe(kind);
  });

  it("InvalidBucketName says to set addressingStyle virtual", () => {
    expect((createFailure(badRequest(DETAILS[4]?.[1] ?? ""), LOCATION) as Error).message).toContain('set config.addressingStyle to "virtual"');
  });

  it("a permission error on create names the permission", () => {
    const error = createFailure(new PermissionDeniedError(`${ACTION}: 403 PermissionDenied`, { status: 403 }), LOCATION);
    expect((error as Error).message).toContain("bulk-exports:manage");
  });

  it("other errors pass through", () => {
    const server = new ServerError(`${ACTION}: 500 ServerError`, { status: 500 });
    expect(createFailure(server, LOCATION)).toBe(server);
  });
});

describe("rotation and delete errors", () => {
  const action = 'rotating credentials of bulk-export destination "exports"';

  it("a 400 on rotation says the new keys could not write and the old ones stay", () => {
    const error = rotateFailure(badRequest(DETAILS[0]?.[1] ?? ""), action, LOCATION) as Error;
    expect(error.message).toContain(`${action}: the new credentials could not write to ${LOCATION}`);
    expect(error.message).toContain("the destination still uses the previous credentials");
    expect(error.message).toContain("Access denied");
  });

  it("a 404 on rotation says to refresh", () => {
    const error = rotateFailure(new NotFoundError(`${action}: 404 NotFound`, { status: 404 }), action, LOCATION) as Error;
    expect(error.message).toContain("pulumi refresh");
  });

  it("a 409 on delete says an export still uses the destination", () => {
    const conflict = new ConflictError('deleting bulk-export destination "exports": 409 Conflict - in use', { status: 409, detail: "in use" });
    const error = deleteFailure(conflict) as Error;
    expect(error.message).toContain("409 Conflict");
    expect(error.message).toContain("an export still uses this destination");
  });
});

describe("wire mapping and summaries", () => {
  it("builds the create request in the service's snake_case, with aws_role_arn inside config", () => {
    expect(
      toCreateRequest({
        displayName: "exports",
        destinationType: "s3",
        config: { bucketName: "b", prefix: "p", endpointUrl: "http://localhost:9000", addressingStyle: "virtual" },
        awsRoleArn: "arn:aws:iam::123456789012:role/x",
      }),
    ).toEqual({
      destination_type: "s3",
      display_name: "exports",
      config: {
        bucket_name: "b",
        prefix: "p",
        endpoint_url: "http://localhost:9000",
        include_bucket_in_prefix: true,
        config_kwargs_s3: { addressing_style: "virtual" },
        aws_role_arn: "arn:aws:iam::123456789012:role/x",
      },
    });
  });

  it("describes the test-write location", () => {
    expect(testWriteLocation({ bucketName: "b", prefix: "/a/b/" })).toBe("s3://b/a/b/tmp/");
    expect(testWriteLocation({ bucketName: "b", prefix: "" })).toBe("s3://b/tmp/");
    expect(testWriteLocation({ bucketName: "b", prefix: "p", endpointUrl: "http://localhost:9000" })).toBe("s3://b/p/tmp/ at http://localhost:9000");
  });

  it("says which credential fields changed, never their values", () => {
    const previous = fingerprintCredentials({ accessKeyId: "AKIA1", secretAccessKey: "canary-1" });
    const news = { accessKeyId: "AKIA2", secretAccessKey: "canary-2" };
    expect(describeCredentialChange(["credentials.accessKeyId", "credentials.secretAccessKey"], previous, news)).toBe(
      "access key id and secret access key changed",
    );
    expect(describeCredentialChange(["credentials.secretAccessKey"], previous, news)).toBe("secret access key changed");
    expect(describeCredentialChange(["credentials.sessionToken"], previous, { ...news, sessionToken: "canary-t" })).toBe("session token added");
    const withToken = fingerprintCredentials({ accessKeyId: "AKIA1", secretAccessKey: "canary-1", sessionToken: "t" });
    expect(describeCredentialChange(["credentials.sessionToken"], withToken, news)).toBe("session token removed");
    expect(describeCredentialChange(["credentials.accessKeyId"], undefined, news)).toBe("static credentials set");
  });
});
