/**
 * Request headers our own CloudFront distribution sets on the way to the API (stacks/Web.ts),
 * read by the API's Lambda entry point (packages/functions/src/api/client-address.ts). Plain
 * data in one place, like the event rules, so the stack and the code cannot drift.
 *
 * - VIEWER_ADDRESS: the viewer's IP as CloudFront saw it (`event.viewer.ip` in the /api/*
 *   viewer-request function, which overwrites anything the viewer sent under that name).
 * - ORIGIN_VERIFY: a secret CloudFront adds as an origin custom header (overwriting any
 *   viewer header of that name). Only a request carrying it came through our distribution,
 *   so only then is VIEWER_ADDRESS trusted; a request sent straight to API Gateway is
 *   counted by API Gateway's own source IP instead, which its caller cannot choose.
 */
export const EDGE_HEADERS = {
  viewerAddress: "x-printhood-viewer-address",
  originVerify: "x-printhood-origin-verify",
} as const;

/** The Lambda's environment variable holding the origin-verify secret (resolved at deploy). */
export const ORIGIN_VERIFY_ENV = "ORIGIN_VERIFY_SECRET";
