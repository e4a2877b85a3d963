import { EDGE_HEADERS } from "@printhood/core";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { cloudFrontClientAddress } from "../src/api/client-address.ts";

/**
 * The address the AWS entry point counts limits by, through a real Hono app given the bindings
 * hono/aws-lambda passes (the API Gateway request context).
 */
const SECRET = "origin-secret-from-secrets-manager";
const app = new Hono().get("/who", (c) => c.text(cloudFrontClientAddress(SECRET)(c) ?? "none"));
async function ask(headers: Record<string, string>, sourceIp = "198.51.100.7") {
  // Hono answers synchronously when it can: await whichever it returns.
  const res = await app.fetch(new Request("https://api.example/who", { headers }), { requestContext: { http: { sourceIp } } });
  return res.text();
}

describe("client address in AWS", () => {
  it("is the viewer address CloudFront set when the request carries our origin secret", async () => {
    expect(await ask({ [EDGE_HEADERS.originVerify]: SECRET, [EDGE_HEADERS.viewerAddress]: "203.0.113.9" })).toBe("203.0.113.9");
  });

  it("ignores a viewer address without the secret (someone calling API Gateway directly) and uses API Gateway's source IP", async () => {
    expect(await ask({ [EDGE_HEADERS.viewerAddress]: "203.0.113.9", "x-forwarded-for": "203.0.113.10" })).toBe("198.51.100.7");
  });

  it("ignores a viewer address with a wrong secret", async () => {
    expect(await ask({ [EDGE_HEADERS.originVerify]: "guess", [EDGE_HEADERS.viewerAddress]: "203.0.113.9" })).toBe("198.51.100.7");
  });

  it("trusts no header when no secret is configured", async () => {
    const open = new Hono().get("/who", (c) => c.text(cloudFrontClientAddress(undefined)(c) ?? "none"));
    const res = await open.fetch(
      new Request("https://api.example/who", { headers: { [EDGE_HEADERS.originVerify]: "", [EDGE_HEADERS.viewerAddress]: "203.0.113.9" } }),
      { requestContext: { http: { sourceIp: "198.51.100.7" } } },
    );
    expect(await res.text()).toBe("198.51.100.7");
  });
});
