import { parse } from "content-disposition";
import { describe, expect, it } from "vitest";
import type { TestClient } from "./client.ts";
import { uploadDesign } from "./designs.ts";
import { orderWithOwner, ownerStep, pay, submitDraft } from "./orders.ts";
import { useStack } from "./stack.ts";
import { boxStl } from "./stl.ts";

/**
 * GET /api/print-jobs/{id}/download: the owner has the design only while the order is theirs to
 * print (DECISIONS.md "Download"): paid and not cancelled or rejected; a finished order still has it.
 */
const stack = useStack({ seed: true });

const download = (owner: TestClient, orderId: string) => owner.get(`/api/print-jobs/${orderId}/download`);

function expectRefused(res: Awaited<ReturnType<typeof download>>, status: string) {
  expect(res.status).toBe(409);
  expect(res.json.code).toBe("design_not_downloadable");
  expect(res.json.message).toBe(
    `This order is ${status}, so its design cannot be downloaded. A design can be downloaded once its order is paid, and not after it is cancelled or rejected.`,
  );
  expect(res.json).not.toHaveProperty("url");
}

describe("the owner's design download follows the order", () => {
  it("is refused while the order is unpaid, given once it is paid, and still given when it is finished", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    expectRefused(await download(owner.c, orderId), "submitted and awaiting payment");

    expect((await pay(stack(), customer.c, orderId)).status).toBe(200);
    const paid = await download(owner.c, orderId);
    expect(paid.status).toBe(200);
    expect((await fetch(paid.json.url)).status).toBe(200);

    expect((await owner.c.post(`/api/print-jobs/${orderId}/respond`, { action: "accept" })).status).toBe(200);
    for (const status of ["printing", "completed", "ready_for_pickup", "picked_up"]) {
      expect((await ownerStep(stack(), owner.c, orderId, { status })).status, status).toBe(200);
      expect((await download(owner.c, orderId)).status, status).toBe(200);
    }
  });

  it("is refused once the order is cancelled, before or after the owner accepted it, or rejected", async () => {
    const cancelledPaid = await orderWithOwner(stack());
    expect((await pay(stack(), cancelledPaid.customer.c, cancelledPaid.orderId)).status).toBe(200);
    expect((await cancelledPaid.customer.c.put(`/api/print-jobs/${cancelledPaid.orderId}/cancel`)).status).toBe(200);
    expectRefused(await download(cancelledPaid.owner.c, cancelledPaid.orderId), "cancelled");

    const cancelledAccepted = await orderWithOwner(stack());
    expect((await pay(stack(), cancelledAccepted.customer.c, cancelledAccepted.orderId)).status).toBe(200);
    const { c: owner } = cancelledAccepted.owner;
    expect((await owner.post(`/api/print-jobs/${cancelledAccepted.orderId}/respond`, { action: "accept" })).status).toBe(200);
    expect((await download(owner, cancelledAccepted.orderId)).status).toBe(200);
    expect((await cancelledAccepted.customer.c.put(`/api/print-jobs/${cancelledAccepted.orderId}/cancel`)).status).toBe(200);
    expectRefused(await download(owner, cancelledAccepted.orderId), "cancelled");

    const rejected = await orderWithOwner(stack());
    expect((await pay(stack(), rejected.customer.c, rejected.orderId)).status).toBe(200);
    expect((await rejected.owner.c.post(`/api/print-jobs/${rejected.orderId}/respond`, { action: "reject" })).status).toBe(200);
    expectRefused(await download(rejected.owner.c, rejected.orderId), "rejected");
  });

  it("saves under the normalised file name, in a Content-Disposition built by the content-disposition package", async () => {
    const { customer, owner } = await orderWithOwner(stack());
    // A non-ASCII name with a right-to-left override that would show "…lts.exe": stored without it.
    const uploadId = await uploadDesign(stack(), customer.c, boxStl(20, 20, 20), "caf\u00E9 \u202Eexe.stl");
    const second = await submitDraft(stack(), customer.c, uploadId, { printer: "Old Town Print Shop" });
    expect((await pay(stack(), customer.c, second.orderId)).status).toBe(200);
    const link = await download(owner.c, second.orderId);
    expect(link.status).toBe(200);
    expect(link.json.fileName).toBe("caf\u00E9 exe.stl");
    const file = await fetch(link.json.url);
    expect(file.status).toBe(200);
    const header = file.headers.get("content-disposition") ?? "";
    // The package's own form: an ASCII fallback and RFC 8187's filename* for the rest.
    expect(header).toBe(`attachment; filename="caf? exe.stl"; filename*=UTF-8''caf%C3%A9%20exe.stl`);
    expect(parse(header)).toMatchObject({ type: "attachment", parameters: { filename: "caf\u00E9 exe.stl" } });
    expect(header).not.toMatch(/[\u202A-\u202E\u2066-\u2069]|%E2%80%AE/);
  });
});
