/**
 * The single DynamoDB table's key and index definition. Read by stacks/Storage.ts (AWS),
 * by packages/local (DynamoDB Local) and by the ElectroDB entities, so the three cannot drift.
 */
export const TABLE_KEYS = {
  partitionKey: "pk",
  sortKey: "sk",
  /** Epoch seconds; DynamoDB deletes expired items lazily, so reads check expiry too. */
  ttlAttribute: "expiresAt",
  indexes: {
    gsi1: { partitionKey: "gsi1pk", sortKey: "gsi1sk" },
    gsi2: { partitionKey: "gsi2pk", sortKey: "gsi2sk" },
    gsi3: { partitionKey: "gsi3pk", sortKey: "gsi3sk" },
  },
} as const;

export type IndexName = keyof typeof TABLE_KEYS.indexes;

/** CreateTable input for the AWS SDK (local mode and tests): every key is a string. */
export function createTableInput(tableName: string) {
  const { partitionKey, sortKey, indexes } = TABLE_KEYS;
  const attrs = new Set<string>([partitionKey, sortKey]);
  for (const ix of Object.values(indexes)) {
    attrs.add(ix.partitionKey);
    attrs.add(ix.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: "PAY_PER_REQUEST" as const,
    AttributeDefinitions: [...attrs].map((AttributeName) => ({ AttributeName, AttributeType: "S" as const })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: "HASH" as const },
      { AttributeName: sortKey, KeyType: "RANGE" as const },
    ],
    GlobalSecondaryIndexes: Object.entries(indexes).map(([IndexName, ix]) => ({
      IndexName,
      KeySchema: [
        { AttributeName: ix.partitionKey, KeyType: "HASH" as const },
        { AttributeName: ix.sortKey, KeyType: "RANGE" as const },
      ],
      Projection: { ProjectionType: "ALL" as const },
    })),
  };
}
