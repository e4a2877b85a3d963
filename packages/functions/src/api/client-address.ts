import { timingSafeEqual } from "node:crypto";
import { EDGE_HEADERS } from "@printhood/core";
import type { Context } from "hono";
import { getConnInfo } from "hono/aws-lambda";

/**
 * The client's address in AWS, for the per-address limits. Behind our CloudFront the TCP peer
 * API Gateway sees is a CloudFront server, so the viewer's address comes from the header our
 * distribution sets, trusted only when the request also carries the origin secret only our
 * distribution knows (core/src/security/edge-headers.ts). Without it (a request sent straight
 * to API Gateway's own URL), the address is API Gateway's source IP for the request.
 */
export function cloudFrontClientAddress(originSecret: string | undefined) {
  const expected = originSecret ? Buffer.from(originSecret) : undefined;
  return (c: Context): string | undefined => {
    const presented = c.req.header(EDGE_HEADERS.originVerify);
    if (expected && presented) {
      const given = Buffer.from(presented);
      if (given.length === expected.length && timingSafeEqual(given, expected)) {
        const viewer = c.req.header(EDGE_HEADERS.viewerAddress);
        if (viewer) return viewer;
      }
    }
    return getConnInfo(c).remote.address;
  };
}
