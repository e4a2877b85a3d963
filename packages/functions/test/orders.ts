import { DEMO_PASSWORD, type LocalStack } from "@printhood/local";
import { expect } from "vitest";
import { newUser, TestClient } from "./client.ts";
import { draftBody, printerNamed, uploadDesign } from "./designs.ts";

/** A demo owner signed in (seedDemoData), with their id. */
export async function ownerSignedIn(stack: LocalStack, email = "sam@printhood.local") {
  const c = new TestClient(stack.url);
  expect((await c.post("/api/login", { email, password: DEMO_PASSWORD })).status).toBe(200);
  const me = (await c.get("/api/auth/user")).json as { id: string; email: string };
  return { c, me };
}

/**
 * A new customer (named, so messages show a name) with one order submitted to a seeded printer,
 * and that printer's owner signed in.
 */
export async function placeOrder(stack: LocalStack, printerName = "Old Town Print Shop", ownerEmail = "sam@printhood.local") {
  const printer = await printerNamed(stack, printerName);
  const customer = new TestClient(stack.url);
  const reg = await customer.post("/api/register", newUser({ firstName: "Jamie", lastName: "Rivera" }));
  expect(reg.status).toBe(201);
  const upload = await uploadDesign(stack, customer);
  const draft = await customer.post("/api/save-draft", draftBody(upload, { printerId: printer.printerId }));
  expect(draft.status).toBe(201);
  const orderId = draft.json.jobId as string;
  const order = await customer.post("/api/submit-order", {
    printerId: printer.printerId,
    draftId: orderId,
    filamentColor: "Black",
    deliveryMethod: "pickup",
  });
  expect(order.status).toBe(201);
  const owner = await ownerSignedIn(stack, ownerEmail);
  return {
    printer,
    orderId,
    customer: { c: customer, me: reg.json as { id: string; email: string; username: string } },
    owner,
  };
}

/** A stranger: signed in, but neither the order's customer nor its printer's owner. */
export async function stranger(stack: LocalStack) {
  const c = new TestClient(stack.url);
  const reg = await c.post("/api/register", newUser());
  expect(reg.status).toBe(201);
  return { c, me: reg.json as { id: string } };
}
