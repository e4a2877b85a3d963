import { Table as DynamoTable } from "aws-cdk-lib/aws-dynamodb";
import { Duration, RemovalPolicy } from "aws-cdk-lib/core";
import { Bucket, Config, EventBus, type StackContext, Table } from "sst/constructs";
import { TABLE_KEYS } from "../packages/core/src/db/table";
import { metricNamespace } from "../packages/core/src/ops/metrics";
import { ANALYSIS_SERVICE, PHOTOS_SERVICE } from "../packages/core/src/ops/resources";
import { photoFunctionBuild } from "./function-build";
import { deadLetterQueue, observedFunction } from "./observability";
import { knownSiteOrigin, stageSettings } from "./stage";

/**
 * Storage: the single table, the uploads bucket (+ its analysis function), the Stripe secrets
 * and the EventBridge bus itself.
 *
 * Why the bus lives here and not in the Events stack: the analysis function is the target of the
 * bucket's ObjectCreated notification, so it has to sit in the same stack as the bucket (a bucket
 * notifying a function in another stack that is itself bound to the bucket makes a cross-stack
 * cycle). That function publishes `upload.analyzed` to the bus, so the bus must be created in this
 * stack or an earlier one. Putting the bus in Events (after Storage) would make Storage depend on
 * Events while Events' consumers depend on Storage's table: a cycle. So Storage owns the bus
 * *resource*, and Events only adds rules + consumer functions to it (rules are created in the
 * Events stack's scope via `bus.addRules(stack, ...)`). Resulting dependencies, all one-way:
 * Events → Storage, Api → Storage, Web → Api (asserted in stacks/test/stacks.test.ts).
 */

export const ANALYSIS_HANDLER = "packages/functions/src/analysis/handler.handler";
export const UPLOADS_PREFIX = "uploads/";
/** Photos (issue 21): the browser's originals land here; the photo function processes and deletes them. */
export const PHOTOS_HANDLER = "packages/functions/src/photos/handler.handler";
export const PHOTOS_PREFIX = "photos/";
/** An original the photo function never reached (it failed every retry) is deleted by S3 after this: it may carry a GPS position. */
export const PHOTO_ORIGINALS_DAYS = 1;

/** An order's designs in one zip (core orders/download.ts orderZip): written again when asked for after they expire. */
export const ZIPS_PREFIX = "zips/";
export const ORDER_ZIP_DAYS = 2;

/** Earlier versions of an upload (production keeps them to undo an overwrite or a delete) are kept this long. */
export const NONCURRENT_UPLOAD_DAYS = 30;

export function Storage({ stack, app }: StackContext) {
  const settings = stageSettings(app.stage);
  const { partitionKey, sortKey, ttlAttribute, indexes } = TABLE_KEYS;

  const fields: Record<string, "string"> = { [partitionKey]: "string", [sortKey]: "string" };
  const globalIndexes: Record<string, { partitionKey: string; sortKey: string; projection: "all" }> = {};
  for (const [name, ix] of Object.entries(indexes)) {
    fields[ix.partitionKey] = "string";
    fields[ix.sortKey] = "string";
    globalIndexes[name] = { partitionKey: ix.partitionKey, sortKey: ix.sortKey, projection: "all" };
  }

  const table = settings.restoredTableName
    ? // The stage works on a table restored to a point in time (docs/operations.md); the one this
      // stack made is left behind, kept in production (Retain, deletion protection).
      new Table(stack, "Table", { cdk: { table: DynamoTable.fromTableName(stack, "RestoredTable", settings.restoredTableName) } })
    : new Table(stack, "Table", {
        fields,
        primaryIndex: { partitionKey, sortKey },
        globalIndexes,
        timeToLiveAttribute: ttlAttribute,
        cdk: {
          table: {
            // SST's Table is on-demand (PAY_PER_REQUEST) by default. Recovery, protection and what
            // removing the stage does: stacks/stage.ts.
            pointInTimeRecovery: settings.pointInTimeRecovery,
            deletionProtection: settings.deletionProtection,
            removalPolicy: settings.removalPolicy,
          },
        },
      });

  const STRIPE_SECRET_KEY = new Config.Secret(stack, "STRIPE_SECRET_KEY");
  const STRIPE_WEBHOOK_SECRET = new Config.Secret(stack, "STRIPE_WEBHOOK_SECRET");

  const bus = new EventBus(stack, "Bus");

  const origin = knownSiteOrigin();
  const bucket = new Bucket(stack, "Uploads", {
    cors: [
      {
        // The browser POSTs the presigned form straight to S3 and GETs the file for the 3D viewer.
        allowedMethods: ["GET", "PUT", "POST", "HEAD"],
        // The site origin when known (custom domain); `*` otherwise (dev stages / default
        // CloudFront domain). Uploads are still gated by the presigned POST policy.
        allowedOrigins: [origin ?? "*"],
        allowedHeaders: ["*"],
        exposedHeaders: ["ETag"],
        maxAge: "1 hour",
      },
    ],
    cdk: {
      bucket: {
        // Production: every overwrite or delete can be undone for a while (the bucket's "point in
        // time"), and the bucket outlives its stack. Elsewhere the stage removes cleanly, objects first.
        versioned: settings.pointInTimeRecovery,
        lifecycleRules: [
          // Photos' originals carry their EXIF (often a GPS position): one the processing left behind goes within a day.
          { id: "photo-originals", prefix: PHOTOS_PREFIX, expiration: Duration.days(PHOTO_ORIGINALS_DAYS) },
          { id: "order-zips", prefix: ZIPS_PREFIX, expiration: Duration.days(ORDER_ZIP_DAYS) },
          ...(settings.pointInTimeRecovery ? [{ noncurrentVersionExpiration: Duration.days(NONCURRENT_UPLOAD_DAYS) }] : []),
        ],
        removalPolicy: settings.removalPolicy,
        autoDeleteObjects: settings.removalPolicy === RemovalPolicy.DESTROY,
      },
    },
  });

  /** Plain environment names the functions read (same names as in local mode). */
  const environment: Record<string, string> = {
    TABLE_NAME: table.tableName,
    BUCKET_NAME: bucket.bucketName,
    EVENT_BUS_NAME: bus.eventBusName,
    // The stage's figures (core/ops/metrics.ts) and the Stripe keys it accepts (stacks/stage.ts).
    POWERTOOLS_METRICS_NAMESPACE: metricNamespace(app.stage),
    STRIPE_MODE: settings.stripeMode,
  };

  const analysis = observedFunction(stack, settings, ANALYSIS_SERVICE);
  const photos = observedFunction(stack, settings, PHOTOS_SERVICE);
  bucket.addNotifications(stack, {
    analysis: {
      function: {
        handler: ANALYSIS_HANDLER,
        timeout: 60,
        memorySize: 1536,
        bind: [table, bucket, bus],
        ...analysis,
        environment: { ...environment, ...analysis.environment },
        // S3 invokes it asynchronously: what still fails after Lambda's retries waits here.
        deadLetterQueue: deadLetterQueue(stack, settings, ANALYSIS_SERVICE),
      },
      events: ["object_created"],
      filters: [{ prefix: UPLOADS_PREFIX }],
    },
    // Checks each photo by its bytes, strips its metadata, resizes it with sharp (functions/src/photos).
    photos: {
      function: {
        handler: PHOTOS_HANDLER,
        timeout: 60,
        // sharp's decode of a 48-megapixel phone photo holds ~200 MB; more memory is also more CPU.
        memorySize: 2048,
        bind: [table, bucket],
        ...photos,
        environment: { ...environment, ...photos.environment },
        ...photoFunctionBuild(process.cwd()),
        deadLetterQueue: deadLetterQueue(stack, settings, PHOTOS_SERVICE),
      },
      events: ["object_created"],
      filters: [{ prefix: PHOTOS_PREFIX }],
    },
  });

  stack.addOutputs({
    TableName: table.tableName,
    BucketName: bucket.bucketName,
    EventBusName: bus.eventBusName,
  });

  return { table, bucket, bus, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, environment };
}
