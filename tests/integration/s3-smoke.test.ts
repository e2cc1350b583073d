// Smoke test of the real S3 store the tests use: versitygw v1.7.0 with its
// internal IAM, so "access denied" answers come from a real server.
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { startVersitygw, Versitygw } from "../helpers/versitygw";

const BUCKET = "smoke-bucket";

/** What the client actually sent, recorded after endpoint resolution. */
interface SentRequest {
  hostname: string;
  path: string;
}

function isSentRequest(value: unknown): value is SentRequest {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Record<string, unknown>).hostname === "string" &&
    typeof (value as Record<string, unknown>).path === "string"
  );
}

function recordRequests(client: S3Client): SentRequest[] {
  const sent: SentRequest[] = [];
  client.middlewareStack.add(
    (next) => async (args) => {
      const request: unknown = args.request;
      if (isSentRequest(request)) sent.push({ hostname: request.hostname, path: request.path });
      return next(args);
    },
    { step: "finalizeRequest", name: "recordSentRequests" },
  );
  return sent;
}

async function s3Error(promise: Promise<unknown>): Promise<S3ServiceException> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof S3ServiceException) return err;
    throw err;
  }
  throw new Error("expected the S3 call to fail");
}

describe("versitygw S3 store", () => {
  let gw: Versitygw;

  beforeAll(async () => {
    gw = await startVersitygw();
    await gw.createBucket(BUCKET);
  }, 60_000);

  afterAll(async () => {
    await gw?.stop();
  });

  it("starts on loopback with the expected endpoints", () => {
    expect(gw.endpoint).toBe(`http://127.0.0.1:${gw.port}`);
    expect(gw.virtualHostEndpoint).toBe(`http://localhost:${gw.port}`);
  });

  it("lets the full-access user write and delete an object", async () => {
    const s3 = gw.client(gw.users.full);
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: "full/a.txt", Body: "hello" }));
    expect(await gw.listObjects(BUCKET, "full/")).toEqual(["full/a.txt"]);

    const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: "full/a.txt" }));
    expect(await got.Body?.transformToString()).toBe("hello");

    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: "full/a.txt" }));
    expect(await gw.listObjects(BUCKET, "full/")).toEqual([]);
  });

  it("denies PutObject to the read-only user, who may still read", async () => {
    await gw.client(gw.root).send(new PutObjectCommand({ Bucket: BUCKET, Key: "ro/existing.txt", Body: "x" }));
    const s3 = gw.client(gw.users.readOnly);

    const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: "ro/existing.txt" }));
    expect(await got.Body?.transformToString()).toBe("x");

    const err = await s3Error(s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: "ro/new.txt", Body: "nope" })));
    expect(err.name).toBe("AccessDenied");
    expect(err.$metadata.httpStatusCode).toBe(403);
    expect(await gw.listObjects(BUCKET, "ro/")).toEqual(["ro/existing.txt"]);
  });

  it("lets the noDelete user write but denies DeleteObject", async () => {
    const s3 = gw.client(gw.users.noDelete);
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: "nd/kept.txt", Body: "keep me" }));

    const err = await s3Error(s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: "nd/kept.txt" })));
    expect(err.name).toBe("AccessDenied");
    expect(err.$metadata.httpStatusCode).toBe(403);
    expect(await gw.listObjects(BUCKET, "nd/")).toEqual(["nd/kept.txt"]);
  });

  it("serves virtual-host addressing at <bucket>.localhost", async () => {
    const s3 = gw.client(gw.users.full, { virtualHost: true });
    const sent = recordRequests(s3);
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: "vh/hello.txt", Body: "virtual" }));

    // Client side: the bucket went into the host name, not the path.
    expect(sent).toEqual([{ hostname: `${BUCKET}.localhost`, path: "/vh/hello.txt" }]);

    // Server side: versitygw took the bucket from the Host header (the request
    // path has no bucket in it) and stored the object in that bucket.
    const entries = (await gw.accessLog()).filter((e) => e.operation === "PutObject" && e.key === "vh/hello.txt");
    expect(entries).toEqual([
      expect.objectContaining({
        bucket: BUCKET,
        requester: gw.users.full.accessKeyId,
        requestUri: expect.stringMatching(/^\/vh\/hello\.txt(\?|$)/),
        status: 200,
      }),
    ]);
    expect(await gw.listObjects(BUCKET, "vh/")).toEqual(["vh/hello.txt"]);

    const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: "vh/hello.txt" }));
    expect(await got.Body?.transformToString()).toBe("virtual");
    expect(sent[1]).toEqual({ hostname: `${BUCKET}.localhost`, path: "/vh/hello.txt" });
  });

  it("records path-style requests with the bucket in the path (control for the check above)", async () => {
    await gw.client(gw.users.full).send(new PutObjectCommand({ Bucket: BUCKET, Key: "ps/hello.txt", Body: "path" }));
    const entry = (await gw.accessLog()).find((e) => e.operation === "PutObject" && e.key === "ps/hello.txt");
    expect(entry?.bucket).toBe(BUCKET);
    expect(entry?.requestUri).toMatch(new RegExp(`^/${BUCKET}/ps/hello\\.txt(\\?|$)`));
  });
});
