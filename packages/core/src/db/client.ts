import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/**
 * The DynamoDB document client. The endpoint is never chosen in code: the SDK reads
 * AWS_ENDPOINT_URL_DYNAMODB (local mode and tests point it at DynamoDB Local), so the
 * same code runs against AWS and the stand-in (architecture rule 7).
 */
export function createDocumentClient(options: { endpoint?: string; region?: string } = {}) {
  const client = new DynamoDBClient({
    region: options.region ?? process.env.AWS_REGION ?? "us-east-1",
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
  });
  // The SDK's logger middleware filters every request and answer for sensitive fields (walking
  // their schemas) even when no logger is set, which the API never sets: a measurable share of
  // each call's CPU under load (issue 13). Without it nothing is logged, as before.
  client.middlewareStack.remove("loggerMiddleware");
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
}

export type DocumentClient = ReturnType<typeof createDocumentClient>;
