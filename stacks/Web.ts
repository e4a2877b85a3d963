import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { Duration, Fn, type Stack } from "aws-cdk-lib/core";
import { type StackContext, StaticSite, use } from "sst/constructs";
import { EDGE_HEADERS } from "../packages/core/src/security/edge-headers";
import {
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
  s3BucketUrl,
  securityHeaders,
} from "../packages/core/src/security/headers";
import { APP_SHELL } from "../packages/web/scripts/drawn-pages";
import { Api } from "./Api";
import { Storage } from "./Storage";
import { stageSettings } from "./stage";

export const API_PATH_PATTERN = "/api/*";

/**
 * The only API answers every visitor shares (DECISIONS.md "Caching the public answers"): the
 * printer list (exactly /api/printers, any query; not /api/printers/{id} nor an owner's
 * /api/printers/{id}/jobs, which stay under /api/*) and the landing figures. The origin's
 * `Cache-Control: s-maxage=5` decides how long CloudFront keeps them.
 */
export const PUBLIC_API_PATHS = ["/api/printers", "/api/stats"] as const;

/** The longest CloudFront keeps a public answer, whatever the origin says (it says 5 s today). */
export const PUBLIC_API_MAX_TTL_SECONDS = 60;

/**
 * Copies the viewer's Host into X-Forwarded-Host before CloudFront replaces Host with the API
 * Gateway domain (AllViewerExceptHostHeader), so the API knows the public origin even when it is
 * the default *.cloudfront.net name that cannot be passed to the Lambda at synth time. It also
 * sets the viewer's IP (overwriting anything the viewer sent under that name) for the API's
 * per-address limits; the API trusts it only alongside the origin secret (see Api.ts).
 */
export const FORWARD_HOST_CODE = `function handler(event) {
  var request = event.request;
  if (request.headers.host) {
    request.headers["x-forwarded-host"] = { value: request.headers.host.value };
  }
  request.headers["${EDGE_HEADERS.viewerAddress}"] = { value: event.viewer.ip };
  return request;
}`;

/**
 * The viewer-request function of the two cached public paths: the same host and address as
 * FORWARD_HOST_CODE, and for GET and HEAD (the only requests CloudFront caches) it drops the
 * viewer's cookies and Authorization, so a cached list is never made from a signed-in request and
 * the answer cannot depend on who asked. Other methods keep them: POST /api/printers (listing a
 * printer, spec 2 §7) shares the path and needs the session cookie.
 */
export const PUBLIC_REQUEST_CODE = `function handler(event) {
  var request = event.request;
  if (request.headers.host) {
    request.headers["x-forwarded-host"] = { value: request.headers.host.value };
  }
  request.headers["${EDGE_HEADERS.viewerAddress}"] = { value: event.viewer.ip };
  if (request.method === "GET" || request.method === "HEAD") {
    for (var name in request.cookies) {
      delete request.cookies[name];
    }
    delete request.headers.authorization;
  }
  return request;
}`;

/**
 * What the site loads, for its CSP: the uploads bucket, the map tiles, and Stripe.js when checkout
 * uses Stripe Elements (the same STRIPE_PUBLISHABLE_KEY that stacks/Api.ts gives the API).
 */
export function siteSources(uploadUrl: string) {
  return { uploadUrl, tileUrl: process.env.VITE_TILE_URL, stripe: !!process.env.STRIPE_PUBLISHABLE_KEY };
}

/**
 * The security headers of core/src/security/headers.ts as a CloudFront response-headers
 * policy, on the site and on /api/* alike, overriding whatever an origin sent (the API sets the
 * same values itself). HSTS applies here only: local mode is plain HTTP, where browsers ignore it.
 */
function securityHeadersPolicy(stack: Stack, uploadUrl: string) {
  const headers = securityHeaders(siteSources(uploadUrl));
  const referrerPolicy = Object.values(HeadersReferrerPolicy).find((p) => p === REFERRER_POLICY);
  if (!referrerPolicy) throw new Error(`CloudFront has no referrer policy "${REFERRER_POLICY}"`);
  return new ResponseHeadersPolicy(stack, "SecurityHeaders", {
    comment: "Printhood security headers (packages/core/src/security/headers.ts)",
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: headers["Content-Security-Policy"] ?? "", override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy, override: true },
    },
    customHeadersBehavior: { customHeaders: [{ header: "Permissions-Policy", value: PERMISSIONS_POLICY, override: true }] },
  });
}

/**
 * Web: the static React site on S3 + CloudFront, with an extra `/api/*` behavior whose origin is
 * the HTTP API (uncached), preceded by cached behaviours for the two public paths
 * (PUBLIC_API_PATHS). Site and API share one origin, so the session cookie can be
 * `SameSite=Lax; HttpOnly; Secure` and no CORS is needed for API calls.
 *
 * SST v2's StaticSite accepts `cdk.distribution` as CloudFront DistributionProps minus
 * `defaultBehavior`, so `additionalBehaviors` plugs in directly; no custom Distribution needed.
 *
 * The API's APP_ORIGIN cannot reference this distribution: the distribution's /api/* origin
 * references the API, and the API Lambda's environment referencing the distribution would be a
 * CloudFormation cycle (even within one stack). So APP_ORIGIN is set only when the origin is
 * known up front (PRINTHOOD_DOMAIN custom domain, or APP_ORIGIN in the deploy environment);
 * otherwise the API relies on X-Forwarded-Host from the function above.
 */
export function Web({ stack, app }: StackContext) {
  const { api, originVerify } = use(Api);
  const { bucket } = use(Storage);
  const { domain } = stageSettings(app.stage);
  const responseHeadersPolicy = securityHeadersPolicy(stack, s3BucketUrl(bucket.bucketName, stack.region));

  const forwardHost = new CloudFrontFunction(stack, "ApiForwardHost", {
    code: FunctionCode.fromInline(FORWARD_HOST_CODE),
  });

  const publicRequest = new CloudFrontFunction(stack, "ApiPublicRequest", {
    code: FunctionCode.fromInline(PUBLIC_REQUEST_CODE),
  });

  // Cache key: the path and its whole query string (each filter combination is its own answer),
  // never a cookie or a header. TTLs honour the origin's Cache-Control (s-maxage); an answer
  // without one (an error: the API marks those no-store) is not kept.
  const publicCachePolicy = new CachePolicy(stack, "PublicApiCache", {
    comment: "Printhood public API answers: query string only, origin Cache-Control decides",
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(0),
    maxTtl: Duration.seconds(PUBLIC_API_MAX_TTL_SECONDS),
    queryStringBehavior: CacheQueryStringBehavior.all(),
    headerBehavior: CacheHeaderBehavior.none(),
    cookieBehavior: CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });

  // api.url is https://{id}.execute-api.{region}.amazonaws.com
  const apiOrigin = new HttpOrigin(Fn.parseDomainName(api.url), {
    protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
    // Replaces any viewer header of the same name: only our distribution can send it.
    customHeaders: { [EDGE_HEADERS.originVerify]: originVerify.secretValue.unsafeUnwrap() },
  });

  // One behaviour per public path, before /api/* (CloudFront takes the first pattern that matches).
  const publicBehaviors = Object.fromEntries(
    PUBLIC_API_PATHS.map((path) => [
      path,
      {
        origin: apiOrigin,
        responseHeadersPolicy,
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        // All methods, as on /api/*: the API answers them (POST /api/printers lists a printer).
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: publicCachePolicy,
        // As /api/*, for the methods that are not cached; GET and HEAD arrive without cookies (the function).
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        functionAssociations: [{ function: publicRequest, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
    ]),
  );

  const environment: Record<string, string> = {};
  if (process.env.VITE_TILE_URL) environment.VITE_TILE_URL = process.env.VITE_TILE_URL;

  const site = new StaticSite(stack, "Site", {
    path: "packages/web",
    buildCommand: "npm run build",
    buildOutput: "dist",
    environment,
    ...(domain ? { customDomain: domain } : {}),
    // SST writes import.meta.env typings for the site's environment; keep that generated file
    // out of packages/web/src (the web package declares its own env types).
    vite: { types: "../../.sst/web-env.d.ts" },
    cdk: {
      distribution: {
        defaultBehavior: { responseHeadersPolicy },
        // StaticSite's function asks S3 for `/pricing.html` for /pricing: the pages the build drew
        // are there. Any other address (a signed-in screen, an order's page) is missing from S3
        // (403 from a private bucket) and gets the app shell with 200; the router draws the page.
        errorResponses: [403, 404].map((httpStatus) => ({
          httpStatus,
          responseHttpStatus: 200,
          responsePagePath: `/${APP_SHELL.file}`,
          ttl: Duration.seconds(0),
        })),
        additionalBehaviors: {
          ...publicBehaviors,
          [API_PATH_PATTERN]: {
            origin: apiOrigin,
            responseHeadersPolicy,
            viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
            allowedMethods: AllowedMethods.ALLOW_ALL,
            cachePolicy: CachePolicy.CACHING_DISABLED,
            // All viewer headers, cookies and query strings; Host must be API Gateway's own.
            originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
            functionAssociations: [{ function: forwardHost, eventType: FunctionEventType.VIEWER_REQUEST }],
          },
        },
      },
    },
  });

  stack.addOutputs({ SiteUrl: site.customDomainUrl ?? site.url ?? "" });
  return { site };
}
