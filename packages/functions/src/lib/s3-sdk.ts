import type { S3Client } from "@aws-sdk/client-s3";
import { perEnvironment } from "./env.ts";
import { traceClient } from "./observability.ts";

/**
 * S3 through the SDK. Path-style addressing works in AWS and is what s3rver serves; the
 * endpoint comes from AWS_ENDPOINT_URL_S3 in local mode (architecture rule 7).
 *
 * The S3 client and presigners are loaded on first use, not when the function starts: most API
 * requests never touch S3, and the client is the biggest part of the AWS SDK a cold start would
 * otherwise load (issue 13 point 5).
 */
export const loadSdk = perEnvironment(() =>
  Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/s3-presigned-post"), import("@aws-sdk/s3-request-presigner")]).then(
    ([client, post, presigner]) => ({
      ...client,
      ...post,
      ...presigner,
      s3: traceClient(new client.S3Client({ region: process.env.AWS_REGION ?? "us-east-1", forcePathStyle: true })) as S3Client,
    }),
  ),
);
