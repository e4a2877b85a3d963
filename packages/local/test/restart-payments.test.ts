import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_OWNERS, DEMO_PASSWORD, freePort } from "@printhood/local";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { newUser, TestClient } from "../../functions/test/client.ts";
import { draftBody, postToS3 } from "../../functions/test/designs.ts";
import { boxStl } from "../../functions/test/stl.ts";
import { TEST_CONFIRM_PATH } from "../src/stack.ts";
import { runStart, type StartProcess, waitUntil } from "./start-process.ts";

/*
 * Issue 26 §2: local mode keeps its promises across a restart. `npm start` runs as its own
 * process on its own data folder; an order is paid, local mode is stopped and started again, and
 * the owner accepts it: the Stripe stand-in kept the PaymentIntent with the order. A checkout begun
 * before the restart is paid after it.
 */
const root = mkdtempSync(join(tmpdir(), "printhood-restart-"));
const started: StartProcess[] = [];
afterEach(() => {
  for (const s of started.splice(0)) if (s.child.exitCode === null) s.child.kill("SIGKILL");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function start(dataDir: string) {
  const s = runStart({ dataDir, port: await freePort(), env: { SES_PORT: "0" } });
  started.push(s);
  await s.waitForOutput("Press Ctrl-C to stop.");
  return s;
}

async function stop(s: StartProcess) {
  s.child.kill("SIGINT");
  expect(await s.exited()).toBe(0);
}

async function order(url: string, c: TestClient) {
  const bytes = boxStl(40, 30, 20);
  const up = await c.post("/api/uploads", { fileName: "box.stl", size: bytes.length });
  expect(up.status).toBe(201);
  await postToS3(up.json, bytes, "box.stl");
  await waitUntil(
    "the upload is analysed",
    async () => (await c.get(`/api/uploads/${up.json.uploadId}`)).json.status === "analyzed",
    60_000,
  );
  const draft = await c.post("/api/save-draft", draftBody(up.json.uploadId));
  expect(draft.status).toBe(201);
  const printers = (await (await fetch(`${url}/api/printers`)).json()) as { id: string; name: string }[];
  const printer = printers.find((p) => p.name === DEMO_OWNERS[0]?.printers[0]?.name);
  if (!printer) throw new Error("no demo printer");
  const submitted = await c.post("/api/submit-order", {
    printerId: printer.id,
    draftId: draft.json.jobId,
    filamentColor: "Black",
    deliveryMethod: "pickup",
  });
  expect(submitted.status).toBe(201);
  const intent = await c.post("/api/create-payment-intent", { orderId: submitted.json.orderId });
  expect(intent.status).toBe(200);
  return { orderId: submitted.json.orderId as string, clientSecret: intent.json.clientSecret as string };
}

async function payWith(url: string, clientSecret: string) {
  const res = await fetch(`${url}${TEST_CONFIRM_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ clientSecret, cardNumber: "4242424242424242", name: "Casey Morgan" }),
  });
  expect(res.status).toBe(200);
}

const statusOf = async (c: TestClient, orderId: string) => (await c.get(`/api/print-jobs/${orderId}`)).json.status as string;

describe("local mode across a restart", () => {
  it("accepts an order paid before the restart, and pays one whose checkout began before it", async () => {
    const dataDir = join(root, "data");
    const first = await start(dataDir);
    const customer = new TestClient(first.url);
    const person = newUser();
    expect((await customer.post("/api/register", person)).status).toBe(201);
    const paid = await order(first.url, customer);
    await payWith(first.url, paid.clientSecret);
    await waitUntil("the payment confirms the order", async () => (await statusOf(customer, paid.orderId)) === "confirmed", 30_000);
    const unpaid = await order(first.url, customer);
    await stop(first);

    const second = await start(dataDir);
    const owner = new TestClient(second.url);
    expect((await owner.post("/api/login", { email: DEMO_OWNERS[0]?.email, password: DEMO_PASSWORD })).status).toBe(200);
    const accept = await owner.post(`/api/print-jobs/${paid.orderId}/respond`, { action: "accept" });
    expect(accept.status).toBe(200);
    expect(accept.json.order).toMatchObject({ status: "accepted", payment: { status: "captured" } });

    const again = new TestClient(second.url);
    expect((await again.post("/api/login", { email: person.email, password: person.password })).status).toBe(200);
    await payWith(second.url, unpaid.clientSecret);
    await waitUntil(
      "the payment after the restart confirms the order",
      async () => (await statusOf(again, unpaid.orderId)) === "confirmed",
      30_000,
    );
    await stop(second);
  }, 400_000);
});
