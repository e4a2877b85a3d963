import { describe, expect, it } from "vitest";
import { printerNamed, uploadDesign } from "./designs.ts";
import { orderWithOwner, pay, submitDraft } from "./orders.ts";
import { useStack } from "./stack.ts";
import { boxStl } from "./stl.ts";

/**
 * A person's free text reaches another person normalised (core shared/text.ts): NFC, no control
 * characters, no bidirectional overrides, and zero-width-only is blank. Escapes keep the invisible
 * characters visible here.
 */
const stack = useStack({ seed: true });

const RLO = "\u202E";
const ZWSP = "\u200B";
const NFD_E = "e\u0301";
const NFC_E = "\u00E9";

describe("free text between people", () => {
  it("messages and an owner's words are stored and shown normalised; a zero-width-only message is blank", async () => {
    const { orderId, customer, owner } = await orderWithOwner(stack());
    const sent = await customer.c.post(`/api/print-jobs/${orderId}/messages`, {
      message: `Caf${NFD_E} order:\r\nplease ${RLO}hurry\u0007${ZWSP}`,
    });
    expect(sent.status).toBe(201);
    expect(sent.json.content).toBe(`Caf${NFC_E} order:\nplease hurry`);

    for (const message of [ZWSP, `${ZWSP}\u200D\uFEFF`, ` ${ZWSP} \n `, `${RLO}\u2066`]) {
      const blank = await customer.c.post(`/api/print-jobs/${orderId}/messages`, { message });
      expect(blank.status, JSON.stringify(message)).toBe(400);
      expect(blank.json.message).toBe("Please write a message first.");
    }

    expect((await pay(stack(), customer.c, orderId)).status).toBe(200);
    const accepted = await owner.c.post(`/api/print-jobs/${orderId}/respond`, {
      action: "accept",
      message: `Printing ${RLO}tonight\u001B`,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json.order.ownerMessage).toBe("Printing tonight");
    const thread = await owner.c.get(`/api/jobs/${orderId}/messages`);
    expect(thread.json.map((m: { content: string }) => m.content)).toEqual([`Caf${NFC_E} order:\nplease hurry`, "Printing tonight"]);
  });

  it("file names reach the owner normalised; a zero-width-only file name is refused", async () => {
    const { customer, owner } = await orderWithOwner(stack());
    const uploadId = await uploadDesign(stack(), customer.c, boxStl(10, 10, 10), `gift${RLO}lts.exe\u0000.stl`);
    const upload = await customer.c.get(`/api/uploads/${uploadId}`);
    expect(upload.json.fileName).toBe("giftlts.exe.stl");

    const order = await submitDraft(stack(), customer.c, uploadId, { printer: "Old Town Print Shop" });
    const seen = await owner.c.get(`/api/print-jobs/${order.orderId}`);
    expect(seen.json.fileName).toBe("giftlts.exe.stl");

    const blankName = await customer.c.post("/api/uploads", { fileName: `${ZWSP}${ZWSP}`, size: 100 });
    expect(blankName.status).toBe(400);
    expect(blankName.json.message).toBe("File name is required.");
  });

  it("special instructions are normalised at submit; printer names refuse zero-width-only", async () => {
    const { customer, owner } = await orderWithOwner(stack());
    const uploadId = await uploadDesign(stack(), customer.c);
    const draft = await customer.c.post("/api/save-draft", {
      uploadId,
      material: "PLA",
      filamentColor: "Black",
      deliveryMethod: "pickup",
      specialInstructions: `Leave the brim ${RLO}on\u0000`,
      printSettings: { quality: 0.2, infill: 20, supports: "auto" },
    });
    expect(draft.status).toBe(201);
    const saved = await customer.c.get(`/api/drafts/${draft.json.jobId}`);
    expect(saved.json.specialInstructions).toBe("Leave the brim on");
    const printerOfOrder = await printerNamed(stack(), "Old Town Print Shop");
    const submitted = await customer.c.post("/api/submit-order", {
      printerId: printerOfOrder.printerId,
      draftId: draft.json.jobId,
      filamentColor: "Black",
      specialInstructions: `Sand the ${RLO}baseplease`,
    });
    expect(submitted.status).toBe(201);
    const seen = await owner.c.get(`/api/print-jobs/${submitted.json.orderId}`);
    expect(seen.json.specialInstructions).toBe("Sand the base\nplease");

    const printer = await owner.c.get(`/api/users/${owner.me.id}/printers`);
    const printerId = printer.json[0].id as string;
    const renamed = await owner.c.put(`/api/printers/${printerId}`, { name: `${ZWSP}\u3164` });
    expect(renamed.status).toBe(400);
    expect(renamed.json.message).toBe("Printer name is required.");
    const described = await owner.c.put(`/api/printers/${printerId}`, { description: `Fast ${RLO}and\r\nclean` });
    expect(described.status).toBe(200);
    expect(described.json.description).toBe("Fast and\nclean");
  });
});
