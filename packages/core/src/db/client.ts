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
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
}

export type DocumentClient = ReturnType<typeof createDocumentClient>;
