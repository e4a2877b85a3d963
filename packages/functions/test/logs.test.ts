import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ANALYSIS_SERVICE, API_SERVICE, EVENT_RULES, METRICS, SCHEDULES, serviceOfHandler } from "@printhood/core";
import { DEMO_PASSWORD, TEST_CONFIRM_PATH } from "@printhood/local";
import { signStripePayload } from "@printhood/local/stripe-fake";
import { describe, expect, it } from "vitest";
import { newUser, TestClient } from "./client.ts";
import { draftBody, printerNamed, uploadDesign } from "./designs.ts";
import { OWNER_EMAIL } from "./orders.ts";
import { useStack } from "./stack.ts";

const stack = useStack({ seed: true });

type Line = Record<string, unknown>;

/** Every line every function wrote, by function (the file's name), each parsed (a line that is not JSON fails here). */
function logLines(): Map<string, Line[]> {
  const out = new Map<string, Line[]>();
  const dir = stack().logDir;
  for (const file of readdirSync(dir)) {
    const text = readFileSync(join(dir, file), "utf8");
    out.set(
      file.replace(/\.log$/, ""),
      text
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Line),
    );
  }
  return out;
}

const metricNames = (line: Line) =>
  ((line._aws as { CloudWatchMetrics?: { Metrics: { Name: string }[] }[] } | undefined)?.CloudWatchMetrics ?? []).flatMap((d) =>
    d.Metrics.map((m) => m.Name),
  );

describe("structured logs (issue 24 point 1)", () => {
  it("sign up, sign in, pay, message, fail on purpose: every line is JSON with its reference, and none holds a secret", async () => {
    const secrets: Record<string, string> = {};
    const user = newUser({ password: "Tr0ub4dor&3-horse-battery-staple" });
    secrets.password = user.password;
    secrets.email = user.email;

    // Sign up, then sign in again (a second session), as people do.
    const customer = new TestClient(stack().url);
    const signUp = await customer.post("/api/register", user);
    expect(signUp.status).toBe(201);
    const signIn = await customer.post("/api/login", { email: user.email, password: user.password });
    expect(signIn.status).toBe(200);
    secrets.sessionToken = customer.cookie("ph_session") ?? "";
    expect(secrets.sessionToken.length).toBeGreaterThan(20);
    const userId = (signIn.json as { id: string }).id;

    // Upload, save, submit and pay through the Stripe stand-in with a test card.
    const uploadId = await uploadDesign(stack(), customer);
    const printer = await printerNamed(stack(), "Maria's Prusa");
    const draft = await customer.post("/api/save-draft", draftBody(uploadId, { printerId: printer.printerId }));
    expect(draft.status).toBe(201);
    const orderId = draft.json.jobId as string;
    const submitted = await customer.post("/api/submit-order", { printerId: printer.printerId, draftId: orderId, filamentColor: "Black" });
    expect(submitted.status).toBe(201);
    const intent = await customer.post("/api/create-payment-intent", { orderId });
    expect(intent.status).toBe(200);
    secrets.clientSecret = intent.json.clientSecret;
    secrets.card = "4242424242424242";
    secrets.cardGrouped = "4242 4242 4242 4242";
    const paid = await fetch(`${stack().url}${TEST_CONFIRM_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        clientSecret: secrets.clientSecret,
        cardNumber: secrets.cardGrouped,
        name: "Casey Morgan",
        email: user.email,
      }),
    });
    expect(paid.status).toBe(200);
    await stack().idle();

    // A message, read by the printer's owner.
    secrets.message = "My gate code is 4471 and I am away on Friday afternoon";
    expect((await customer.post(`/api/print-jobs/${orderId}/messages`, { message: secrets.message })).status).toBe(201);
    const owner = new TestClient(stack().url);
    expect((await owner.post("/api/login", { email: OWNER_EMAIL, password: DEMO_PASSWORD })).status).toBe(200);
    secrets.ownerEmail = OWNER_EMAIL;
    secrets.ownerPassword = DEMO_PASSWORD;
    expect((await owner.get(`/api/jobs/${orderId}/messages`)).status).toBe(200);

    // Failures on purpose, each carrying something secret.
    const wrong = await new TestClient(stack().url).post("/api/login", { email: user.email, password: `${user.password}!` });
    expect(wrong.status).toBe(401);
    const taken = await new TestClient(stack().url).post("/api/register", { ...user, username: `${user.username}x` });
    expect(taken.status).toBe(409);
    const cardInBody = await customer.post(`/api/print-jobs/${orderId}/messages`, { message: "hi", cardNumber: secrets.card });
    expect(cardInBody.status).toBe(400);
    secrets.stripeKey = process.env.STRIPE_SECRET_KEY ?? "";
    secrets.webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? "";
    const forged = JSON.stringify({ id: "evt_forged", type: "payment_intent.succeeded", data: { object: { note: secrets.stripeKey } } });
    const refused = await fetch(`${stack().url}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signStripePayload(forged, "whsec_not_ours") },
      body: forged,
    });
    expect(refused.status).toBe(400);
    // Stripe goes away while a second order waits for its payment: the unexpected error behind a 500.
    const second = await customer.post("/api/save-draft", draftBody(uploadId, { printerId: printer.printerId }));
    const unpaid = second.json.jobId as string;
    expect(
      (await customer.post("/api/submit-order", { printerId: printer.printerId, draftId: unpaid, filamentColor: "Black" })).status,
    ).toBe(201);
    await stack().stripe.close();
    const broken = await customer.post("/api/create-payment-intent", { orderId: unpaid });
    expect(broken.status).toBe(500);
    const reference = broken.headers.get("x-request-id");
    expect(reference).toBeTruthy();
    await stack().idle();

    const lines = logLines();
    const all = [...lines.values()].flat();
    expect(all.length).toBeGreaterThan(50);

    // Not one line holds any of the secrets (the file's text, so keys and nested values count too).
    const dir = stack().logDir;
    const text = readdirSync(dir)
      .map((f) => readFileSync(join(dir, f), "utf8"))
      .join("\n");
    for (const [what, value] of Object.entries(secrets)) {
      expect(value.length, what).toBeGreaterThan(5);
      expect(text.includes(value), `${what} is in the logs`).toBe(false);
    }
    expect(text).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/); // no e-mail address at all
    expect(text).not.toMatch(/sk_(test|live)_|whsec_|_secret_/);

    // One file per function, named as the stacks name them (core/ops/resources.ts).
    const services = new Set([API_SERVICE, ANALYSIS_SERVICE, ...[...EVENT_RULES, ...SCHEDULES].map((r) => serviceOfHandler(r.handler))]);
    for (const name of lines.keys()) expect(services, name).toContain(name);
    for (const name of [API_SERVICE, ANALYSIS_SERVICE, "notify", "payments", "metrics"]) expect(lines.has(name), name).toBe(true);

    // The API: a reference on every line; one request line per request with route, status and duration.
    const api = lines.get(API_SERVICE) ?? [];
    for (const line of api) expect(line.requestId, JSON.stringify(line)).toEqual(expect.any(String));
    const requests = api.filter((l) => l.message === "request");
    const failed = requests.find((l) => l.requestId === reference);
    expect(failed).toMatchObject({ level: "ERROR", route: "POST /api/create-payment-intent", status: 500, service: API_SERVICE, userId });
    expect(failed?.durationMs).toEqual(expect.any(Number));
    // The 500's cause is logged under the same reference (what the runbook's query finds).
    expect(api.find((l) => l.requestId === reference && l.message === "unexpected error")).toMatchObject({ level: "ERROR" });
    expect(requests.find((l) => l.path === "/api/login" && l.status === 401)).toMatchObject({ route: "POST /api/login" });
    expect(requests.find((l) => l.path === "/api/stripe/webhook" && l.status === 400)).toBeDefined();
    // The signed-in user's id where there is one.
    expect(requests.filter((l) => l.path === `/api/print-jobs/${orderId}/messages`).every((l) => l.userId === userId)).toBe(true);

    // Consumers: the event id on every line.
    for (const service of ["notify", "payments", "metrics"]) {
      for (const line of lines.get(service) ?? []) expect(line.eventId, `${service}: ${JSON.stringify(line)}`).toEqual(expect.any(String));
    }
    // Who set the event off: the customer who sent the message, on the lines about it.
    expect((lines.get("notify") ?? []).some((l) => l.detailType === "message.sent" && l.userId === userId)).toBe(true);
    // The API's "event published" line names the event a consumer's lines carry.
    const published = new Set(api.map((l) => l.publishedEventId).filter(Boolean));
    expect((lines.get("notify") ?? []).some((l) => published.has(l.eventId))).toBe(true);

    // Metrics in embedded metric format, from the places issue 24 names.
    const emitted = new Set(all.flatMap(metricNames));
    for (const name of [
      METRICS.ordersSubmitted,
      METRICS.ordersPaid,
      METRICS.analysesFinished,
      METRICS.analysisDuration,
      METRICS.webhooksVerified,
      METRICS.webhooksRefused,
      METRICS.emailsSent,
      METRICS.http4xx,
      METRICS.http5xx,
    ])
      expect(emitted, name).toContain(name);
    const http5xx = all.find((l) => metricNames(l).includes(METRICS.http5xx));
    expect(http5xx).toMatchObject({ route: "POST /api/create-payment-intent", requestId: reference });
  });
});
