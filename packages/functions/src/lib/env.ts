/** A setting the function cannot run without (set by the stacks in AWS and by packages/local). */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** The settings the functions' clients are built from: the stacks' in AWS, a local stack's in local mode. */
const CLIENT_SETTINGS = [
  "TABLE_NAME",
  "BUCKET_NAME",
  "EVENT_BUS_NAME",
  "EMAIL_FROM",
  "SITE_URL",
  "STRIPE_API_URL",
  "AWS_ENDPOINT_URL_DYNAMODB",
  "AWS_ENDPOINT_URL_S3",
  "AWS_ENDPOINT_URL_EVENTBRIDGE",
  "AWS_ENDPOINT_URL_SESV2",
];

/**
 * A value built from the environment once, and again when the environment changes. A Lambda's
 * never changes, so it is built once per container. Local mode sets it for each stack it starts,
 * and a process that starts a second one (a restart test, bench:scale's second size) must not keep
 * the first one's clients: its schedules and consumers would call a DynamoDB Local already closed.
 */
export function perEnvironment<T>(build: () => T): () => T {
  let built: { key: string; value: T } | undefined;
  return () => {
    const key = CLIENT_SETTINGS.map((name) => process.env[name] ?? "").join("\u0000");
    if (built?.key !== key) built = { key, value: build() };
    return built.value;
  };
}
