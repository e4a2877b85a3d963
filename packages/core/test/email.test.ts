import { describe, expect, it } from "vitest";
import { escapeHtml, html } from "../src/email/html.ts";
import { renderEmail } from "../src/email/render.ts";
import {
  CUSTOMER_UPDATE_STATUSES,
  newRequest,
  type OrderFacts,
  orderConfirmation,
  statusUpdate,
  unreadMessage,
} from "../src/email/templates.ts";

const hostile = `<script>alert("x")</script> & 'quotes'`;
const facts: OrderFacts = {
  jobId: "j1",
  orderLabel: "#1042",
  fileName: `${hostile}.stl`,
  material: "PLA",
  filamentColor: "Red",
  deliveryMethod: "delivery",
  status: "confirmed",
  specialInstructions: hostile,
  printerName: `<b>Sam's</b> shop`,
  totalCents: 1234,
};
const ctx = { recipientName: `<img src=x onerror=alert(1)>`, siteUrl: "https://printhood.test", reason: "Because." };

describe("e-mail HTML escaping", () => {
  it("escapes the five HTML characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });

  it("escapes interpolations but keeps nested fragments", () => {
    expect(html`<p>${"<b>"}${html`<i>${"&"}</i>`}</p>`.value).toBe("<p>&lt;b&gt;<i>&amp;</i></p>");
  });

  it("never lets a person's text become markup in any e-mail", () => {
    const all = [
      orderConfirmation(facts),
      newRequest(facts),
      ...CUSTOMER_UPDATE_STATUSES.map((s) => statusUpdate(s, facts)),
      unreadMessage({ jobId: "j1", senderName: hostile, fileName: facts.fileName, preview: `${hostile}\nsecond line`, more: 2 }),
    ];
    for (const content of all) {
      const out = renderEmail(content, ctx);
      expect(out.html).not.toContain("<script>");
      expect(out.html).not.toContain("<img");
      expect(out.html).not.toContain("<b>Sam");
      expect(out.html).toContain("&lt;");
      // The text part keeps the words as they are (it is not HTML).
      expect(out.text).toContain("Hi <img src=x onerror=alert(1)>,");
    }
  });
});

describe("e-mail content", () => {
  it("the order confirmation says what the confirmation page says, in both parts", () => {
    const out = renderEmail(orderConfirmation(facts), ctx);
    expect(out.subject).toContain("#1042");
    for (const part of [out.text, out.html]) {
      expect(part).toContain("Order Confirmed!");
      expect(part).toContain("$12.34");
      expect(part).toContain("Local delivery");
      expect(part).toContain("2-3 business days");
      expect(part).toContain("https://printhood.test/order/j1");
      expect(part).toContain("https://printhood.test/profile");
    }
  });

  it("a project's parts each say their material and colour; the order's own Material row is left out", () => {
    const parts = [
      { fileName: "bracket.stl", quantity: 3, picture: null, material: "PETG", filamentColor: "Black" },
      { fileName: "lid.stl", quantity: 1, picture: null, material: "PLA", filamentColor: "Red" },
    ];
    const out = renderEmail(orderConfirmation({ ...facts, parts }), ctx);
    for (const part of [out.text, out.html]) {
      expect(part).toContain("3 × bracket.stl (PETG, Black)");
      expect(part).toContain("1 × lid.stl (PLA, Red)");
    }
    expect(out.text).not.toContain("Material: PLA");
    // One part: its material and colour are the order's rows, as before.
    const single = renderEmail(orderConfirmation({ ...facts, parts: [{ fileName: "a.stl", quantity: 1, picture: null }] }), ctx);
    expect(single.text).toContain("1 × a.stl\n");
    expect(single.text).toContain("Material: PLA");
    expect(single.text).toContain("Filament colour: Red");
  });

  it("leaves links out when the site's address is not known", () => {
    const out = renderEmail(orderConfirmation(facts), { ...ctx, siteUrl: "" });
    expect(out.text).not.toContain("View your order:");
    expect(out.html).not.toContain("href=");
  });

  it("quotes a multi-line message line by line in text and with breaks in HTML", () => {
    const out = renderEmail(unreadMessage({ jobId: "j1", senderName: "Sam", fileName: "a.stl", preview: "one\ntwo", more: 0 }), ctx);
    expect(out.text).toContain("> one\n> two");
    expect(out.html).toContain("one<br>two");
    expect(out.html).toContain("https://printhood.test/messages?job=j1");
  });

  it("shipping e-mails carry the carrier and tracking number when given", () => {
    const out = renderEmail(statusUpdate("shipped", { ...facts, carrier: "USPS", trackingNumber: "9400 1234" }), ctx);
    expect(out.text).toContain("with USPS, tracking number 9400 1234");
  });
});
