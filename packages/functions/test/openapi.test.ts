import { ERROR_CODES, statusOf } from "@printhood/core";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/api/app.ts";

/**
 * The contract's document against what the app really serves. No backing services: the routes,
 * the document and the reference page need none (the session is read only when a cookie is sent).
 */
const app = createApp({
  store: {} as never,
  events: { publish: async () => {} },
  payments: {} as never,
  verifyWebhook: async () => {
    throw new Error("not used");
  },
  files: {} as never,
  shipping: {} as never,
  clock: () => new Date(),
  expiry: { unpaidHours: 24, unacceptedHours: 48 },
  config: { allowedOrigins: ["http://localhost"], uploadsBucket: "uploads", secureCookies: false, securityHeaders: {} },
  clientAddress: () => undefined,
  health: async () => ({}),
});

type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  "x-access"?: string;
  parameters?: { in: string; name: string }[];
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: { $ref?: string } }>; headers?: Record<string, unknown> }
  >;
};
// biome-ignore lint/suspicious/noExplicitAny: the document is read as JSON
const document = async (): Promise<any> => (await app.request("/api/openapi.json")).json();

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
/** Every method and path the app answers, as the document writes paths ("/api/printers/{id}"). */
const served = () =>
  [
    ...new Set(
      app.routes.filter((r) => METHODS.has(r.method)).map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:([^/]+)/g, "{$1}")}`),
    ),
  ].sort();

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document naming every call the app serves, and nothing it does not", async () => {
    const doc = await document();
    expect(doc.openapi).toBe("3.1.0");
    const documented = Object.entries(doc.paths as Record<string, Record<string, Operation>>)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`))
      .sort();
    expect(documented).toEqual(served());
    // The calls of today's API (README "Map of the code"), so a route lost from the app is noticed too.
    for (const call of [
      "get /api/health",
      "get /api/stats",
      "post /api/register",
      "post /api/login",
      "post /api/logout",
      "get /api/auth/user",
      "get /api/users/{id}/notifications",
      "post /api/uploads",
      "get /api/uploads/{id}",
      "post /api/save-draft",
      "post /api/upload-design",
      "get /api/drafts/{id}",
      "put /api/drafts/{id}",
      "delete /api/drafts/{id}",
      "get /api/users/{id}/drafts",
      "post /api/submit-order",
      "get /api/print-jobs/{id}",
      "get /api/printers",
      "post /api/printers",
      "get /api/printers/{id}",
      "put /api/printers/{id}",
      "delete /api/printers/{id}",
      "get /api/users/{id}/printers",
      "get /api/printers/{id}/jobs",
      "get /api/users/{id}/printer-jobs",
      "get /api/printer-images/{name}",
      // Orders, checkout, payments and payouts (issues 9 and 14)
      "get /api/users/{id}/jobs",
      "put /api/print-jobs/{id}",
      "put /api/print-jobs/{id}/cancel",
      "post /api/print-jobs/{id}/respond",
      "get /api/print-jobs/{id}/download",
      "post /api/orders/{id}/cancel",
      "put /api/orders/{id}/shipping",
      "post /api/create-payment-intent",
      "post /api/calculate-shipping",
      "get /api/payments/config",
      "post /api/stripe/webhook",
      "get /api/users/{id}/payouts",
      "post /api/users/{id}/payouts",
      "post /api/users/{id}/payouts/connect",
      // Conversations, the bell, ratings and profile (issue 10)
      "get /api/print-jobs/{id}/messages",
      "post /api/print-jobs/{id}/messages",
      "get /api/jobs/{id}/messages",
      "post /api/jobs/{id}/contact",
      "post /api/print-jobs/message",
      "get /api/users/{id}/conversations",
      "get /api/users/{id}/notifications/unread-count",
      "post /api/users/{id}/notifications/read-all",
      "post /api/notifications/{id}/read",
      "patch /api/notifications/{id}/read",
      "post /api/print-jobs/{id}/review",
      "post /api/print-jobs/{id}/received",
      "get /api/print-jobs/{id}/review",
      "get /api/printers/{id}/reviews",
      "get /api/users/{id}/reviews",
      "patch /api/users/{id}",
      "get /api/avatars/{name}",
      "get /api/openapi.json",
      "get /api/docs",
      // The money-back guarantee and the staff's money (issue 21)
      "post /api/print-jobs/{id}/claims",
      "get /api/claims/{id}",
      "post /api/claims/{id}/response",
      "post /api/claims/{id}/accept",
      "post /api/claims/{id}/decline",
      "post /api/claims/{id}/reprint",
      "get /api/staff/claims",
      "get /api/staff/claims/{id}",
      "post /api/staff/claims/{id}/decision",
      "post /api/staff/orders/{id}/refund",
      "get /api/staff/money",
      "post /api/staff/money/{id}/retry",
    ]) {
      expect(documented).toContain(call);
    }
  });

  it("gives every call a summary, a success answer with its schema, and its error codes by status", async () => {
    const doc = await document();
    const registered = new Set<string>(ERROR_CODES);
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method} ${path}`;
        expect(op.summary, where).toBeTruthy();
        const statuses = Object.keys(op.responses);
        // A success, or a redirect to where the answer is (an e-mail's picture).
        expect(
          statuses.some((s) => s.startsWith("2") || s === "302"),
          where,
        ).toBe(true);
        expect(statuses, where).toContain("500");
        for (const [status, answer] of Object.entries(op.responses)) {
          // A 304 (the polled lists' "not modified") has no body by definition.
          if (status === "304") {
            expect(answer.content, `${where} 304`).toBeUndefined();
            expect(
              op.parameters?.some((p) => p.in === "header" && p.name === "if-none-match"),
              `${where} If-None-Match`,
            ).toBe(true);
            continue;
          }
          // A redirect's answer is where it points.
          if (status === "302") {
            expect(answer.headers?.Location, `${where} 302 Location`).toBeDefined();
            continue;
          }
          expect(answer.content, `${where} ${status}`).toBeDefined();
          // Error answers are { message, code } and list their codes; health's 503 is a declared answer of its own.
          if (answer.content?.["application/json"]?.schema?.$ref !== "#/components/schemas/Error") continue;
          for (const code of answer.description.split(", ")) {
            expect(registered.has(code), `${where} ${status} ${code}`).toBe(true);
            expect(statusOf(code as (typeof ERROR_CODES)[number]), `${where} ${code}`).toBe(Number(status));
          }
        }
        // Who may call it is part of the contract: a signed-in call documents its cookie and its 401.
        // A staff call answers anyone else with the 404 of a missing address instead (middleware/staff.ts).
        if (op.security?.length && op["x-access"] === "staff") expect(op.responses["404"]?.description, where).toContain("not_found");
        else if (op.security?.length) expect(op.responses["401"]?.description, where).toContain("not_signed_in");
        if (path.startsWith("/api/users/{id}/")) expect(op.responses["403"]?.description, where).toContain("not_your_account");
        if (method !== "get") expect(op.responses["403"]?.description, where).toContain("cross_origin");
      }
    }
  });

  it("lists every code of the error registry with its status and message", async () => {
    const doc = await document();
    const listed = doc.components["x-error-codes"] as { code: string; status: number; message: string }[];
    expect(listed.map((e) => e.code).sort()).toEqual([...ERROR_CODES].sort());
    expect(listed.find((e) => e.code === "draft_not_found")).toEqual({
      code: "draft_not_found",
      status: 404,
      kind: "not_found",
      message: "We could not find that saved print.",
    });
  });

  it("names the answers' schemas once, under components", async () => {
    const doc = await document();
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(["Job", "JobPricing", "Printer", "OwnPrinter", "User", "Error"]),
    );
    const job = doc.paths["/api/drafts/{id}"].get.responses["200"].content["application/json"].schema;
    expect(job).toEqual({ $ref: "#/components/schemas/Job" });
  });

  it("documents the draft routes' two bodies: JSON, and the spec's multipart form (typed for the client as JSON only)", async () => {
    const doc = await document();
    for (const [path, method] of [
      ["/api/save-draft", "post"],
      ["/api/upload-design", "post"],
      ["/api/drafts/{id}", "put"],
    ] as const) {
      expect(Object.keys(doc.paths[path][method].requestBody.content), `${method} ${path}`).toEqual([
        "application/json",
        "multipart/form-data",
      ]);
    }
  });
});

describe("GET /api/docs", () => {
  it("is a readable page of the same document: every call, its answers and the error codes", async () => {
    const res = await app.request("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    for (const call of served()) {
      const [method, path] = call.split(" ");
      expect(html).toContain(`${method!.toUpperCase()}</span> <code>${path}</code>`);
    }
    expect(html).toContain('id="error-too_big_for_printer"');
    expect(html).toContain("{printer} is offline and not taking orders right now.");
    expect(html).not.toContain("<script");
  });
});
