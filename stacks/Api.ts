import { Api as SstApi, type StackContext, use } from "sst/constructs";
import { knownSiteOrigin, Storage } from "./Storage";

export const API_HANDLER = "packages/functions/src/api/lambda.handler";
export const API_ROUTE = "ANY /api/{proxy+}";

/**
 * Api: one HTTP API with a single catch-all route into the Hono app's Lambda adapter. Routing
 * happens in Hono; API Gateway only forwards. The site reaches it through CloudFront's `/api/*`
 * behavior (stacks/Web.ts), so browser and API share one origin.
 */
export function Api({ stack }: StackContext) {
  const { table, bucket, bus, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, environment } = use(Storage);

  const api = new SstApi(stack, "Api", {
    defaults: {
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
        },
      },
    },
    routes: {
      [API_ROUTE]: API_HANDLER,
    },
  });

  stack.addOutputs({ ApiUrl: api.url });
  return { api };
}
