/**
 * The accounts of a versitygw server started by the tests: S3 key pairs, the
 * IAM users made on every server, and the bucket policy that grants each
 * user its permissions.
 */
import { randomBytes } from "node:crypto";

/** An S3 access key pair. */
export interface S3Credentials {
  /** Access key id (also the user's name in versitygw's IAM). */
  accessKeyId: string;
  /** Secret access key. */
  secretAccessKey: string;
}

/**
 * The IAM users created on every server. Their permissions apply to buckets
 * made with `Versitygw.createBucket`, through that bucket's policy.
 */
export interface VersitygwUsers {
  /** May list, read, write and delete objects (bucket policy `s3:*`). */
  full: S3Credentials;
  /** May list and read, but not write: PutObject fails with AccessDenied. */
  readOnly: S3Credentials;
  /** May list, read and write, but DeleteObject fails with AccessDenied. */
  noDelete: S3Credentials;
}

/** A random secret access key: 24 random bytes, hex. */
export function randomSecret(): string {
  return randomBytes(24).toString("hex");
}

/** The users `full`, `readOnly` and `noDelete`, each with a random secret. */
export function newVersitygwUsers(): VersitygwUsers {
  return {
    full: { accessKeyId: "vgwfull", secretAccessKey: randomSecret() },
    readOnly: { accessKeyId: "vgwreadonly", secretAccessKey: randomSecret() },
    noDelete: { accessKeyId: "vgwnodelete", secretAccessKey: randomSecret() },
  };
}

/** The policy of `bucket` that grants each of `users` what {@link VersitygwUsers} says, as JSON. */
export function bucketPolicy(bucket: string, users: VersitygwUsers): string {
  const resources = [`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`];
  const statement = (sid: string, effect: "Allow" | "Deny", user: S3Credentials, actions: string[]): Record<string, unknown> => ({
    Sid: sid,
    Effect: effect,
    Principal: { AWS: [user.accessKeyId] },
    Action: actions,
    Resource: resources,
  });
  return JSON.stringify({
    Version: "2012-10-17",
    Statement: [
      statement("FullAccess", "Allow", users.full, ["s3:*"]),
      // No write action at all: PutObject is implicitly denied.
      statement("ReadOnly", "Allow", users.readOnly, ["s3:Get*", "s3:List*"]),
      statement("NoDeleteAllow", "Allow", users.noDelete, ["s3:Get*", "s3:List*", "s3:PutObject*", "s3:AbortMultipartUpload"]),
      // Explicit, so that a later Allow cannot widen it by accident.
      statement("NoDeleteDeny", "Deny", users.noDelete, ["s3:DeleteObject", "s3:DeleteObjectVersion", "s3:DeleteObjectTagging"]),
    ],
  });
}
