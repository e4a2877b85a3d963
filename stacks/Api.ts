import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import { Api as SstApi, type StackContext, use } from "sst/constructs";
import { API_SERVICE } from "../packages/core/src/ops/resources";
import { ORIGIN_VERIFY_ENV } from "../packages/core/src/security/edge-headers";
import { CURSOR_SECRET_ENV } from "../packages/core/src/security/secrets";
import { apiFunctionBuild } from "./function-build";
import { observedFunction, retentionName } from "./observability";
import { Storage } from "./Storage";
import { checkStripePublishableKey, knownSiteOrigin, stageSettings } from "./stage";

export const API_HANDLER = "packages/functions/src/api/lambda.handler";
export const API_ROUTE = "ANY /api/{proxy+}";

/**
 * API Gateway's throttle for the whole stage (all clients together): a ceiling on cost and on
 * Lambda concurrency when something floods the API, far above what the site needs (a page
 * makes a handful of calls). It cannot tell clients apart; the per-address limits in
 * packages/core/src/limits do, in DynamoDB, the same code as in local mode (DECISIONS.md).
 */
export const API_THROTTLE = { rate: 100, burst: 200 } as const;

/**
 * Api: one HTTP API with a single catch-all route into the Hono app's Lambda adapter. Routing
 * happens in Hono; API Gateway only forwards. The site reaches it through CloudFront's `/api/*`
 * behavior (stacks/Web.ts), so browser and API share one origin.
 */
export function Api({ stack, app }: StackContext) {
  const { table, bucket, bus, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, environment } = use(Storage);
  const settings = stageSettings(app.stage);
  checkStripePublishableKey(settings, process.env.STRIPE_PUBLISHABLE_KEY);
  const observed = observedFunction(stack, settings, API_SERVICE);

  // Only our CloudFront knows this value (it adds it to every /api/* request, stacks/Web.ts),
  // so the API trusts the viewer address CloudFront sets only on requests carrying it
  // (packages/functions/src/api/client-address.ts). Resolved by CloudFormation at deploy.
  const originVerify = new Secret(stack, "OriginVerify", {
    description: "Proves a request to the API came through the site's CloudFront distribution",
    generateSecretString: { passwordLength: 48, excludePunctuation: true },
  });

  // Signs the lists' page markers (HMAC; core/src/paging/cursor.ts), so a forged one is refused;
  // one value for every instance of the function. Resolved by CloudFormation at deploy.
  const cursorKey = new Secret(stack, "CursorKey", {
    description: "Signs the API's page markers (cursors), so that one not made by the API is refused",
    generateSecretString: { passwordLength: 48, excludePunctuation: true },
  });

  const api = new SstApi(stack, "Api", {
    // API Gateway's own line per request (its requestId is the x-request-id the function logs), kept as long as the stage keeps logs.
    accessLog: { retention: retentionName(settings.logRetentionDays) },
    defaults: {
      throttle: { ...API_THROTTLE },
      function: {
        timeout: 29,
        memorySize: 1024,
        bind: [table, bucket, bus, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET],
        // Secret values are written into SST_Secret_value_* at deploy time (no SSM call at cold start).
        prefetchSecrets: true,
        environment: {
          ...environment,
          // Empty when the origin is not known at synth time (default CloudFront domain); the
          // API then trusts the X-Forwarded-Host that the /api/* CloudFront function sets.
          APP_ORIGIN: knownSiteOrigin() ?? "",
          // Public by design (it is embedded in the site); the site shows Stripe Elements when set.
          ...(process.env.STRIPE_PUBLISHABLE_KEY ? { STRIPE_PUBLISHABLE_KEY: process.env.STRIPE_PUBLISHABLE_KEY } : {}),
          [ORIGIN_VERIFY_ENV]: originVerify.secretValue.unsafeUnwrap(),
          [CURSOR_SECRET_ENV]: cursorKey.secretValue.unsafeUnwrap(),
          // The site's map tiles, for the CSP the API sets itself (core/src/security/headers.ts).
          TILE_URL: process.env.VITE_TILE_URL ?? "",
        },
      },
    },
    routes: {
      [API_ROUTE]: {
        function: {
          handler: API_HANDLER,
          ...apiFunctionBuild(),
          functionName: observed.functionName,
          logGroup: observed.logGroup,
          environment: observed.environment,
        },
      },
    },
  });

  stack.addOutputs({ ApiUrl: api.url });
  return { api, originVerify };
}
