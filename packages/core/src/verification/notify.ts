import { z } from "zod";
import type { Store } from "../db/store.ts";
import { deliverOnce } from "../email/deliver.ts";
import type { Mailer } from "../email/mailer.ts";
import { REASONS, recipientsOf } from "../email/recipients.ts";
import { type EmailContent, renderEmail } from "../email/render.ts";
import type { EventEnvelope } from "../events/rules.ts";
import { createNotification } from "../notifications.ts";

/** `printer.verification_decided` as verification/decide.ts publishes it. */
export const verificationDecidedDetail = z.looseObject({
  verificationId: z.string(),
  printerId: z.string(),
  ownerId: z.string(),
  printerName: z.string(),
  decision: z.enum(["approve", "retry"]),
  note: z.string().nullish(),
  at: z.string().optional(),
});
export type VerificationDecidedDetail = z.infer<typeof verificationDecidedDetail>;

const testPage = (printerId: string) => `/quality-test/${printerId}`;

/** What the owner reads on their bell (pure). */
export function verificationNotification(d: VerificationDecidedDetail) {
  return d.decision === "approve"
    ? { title: "Quality test passed", message: `${d.printerName} passed the quality test and is now listed.`, link: "/printer-dashboard" }
    : { title: "New quality test needed", message: `Our team asked for a new attempt for ${d.printerName}.`, link: testPage(d.printerId) };
}

/** The owner's e-mail: approval, or what to change for a new attempt in staff's own words (pure). */
export function verificationEmail(d: VerificationDecidedDetail): EmailContent {
  if (d.decision === "approve") {
    return {
      subject: `${d.printerName} passed the quality test`,
      heading: "Your printer is verified",
      paragraphs: [
        `${d.printerName} passed our print quality test. It now shows in the printer lists and on the map with a Verified badge, and customers can send it orders.`,
      ],
      ...(d.note ? { quote: d.note } : {}),
      action: { label: "Open your printer dashboard", path: "/printer-dashboard" },
    };
  }
  return {
    subject: `Quality test for ${d.printerName}: please try again`,
    heading: "We need a new attempt at the quality test",
    paragraphs: [
      `We looked at the test piece you printed on ${d.printerName}. Before it can be listed, please change this and send a new attempt:`,
    ],
    quote: d.note ?? "",
    action: { label: "Send a new attempt", path: testPage(d.printerId) },
    after: [
      "Print the test piece again, measure it, and send the new numbers with two photos. We will review it again as soon as it arrives.",
    ],
  };
}

/**
 * The consumer's part for a quality-test decision: the owner's bell entry and e-mail, each once per
 * event (the notification's id and the e-mail's delivery key come from the event's id). The e-mail
 * follows the owner's "new orders for my printers" choice; the bell entry always shows.
 */
export async function onVerificationDecided(deps: { store: Store; mailer: Mailer; siteUrl: string }, event: EventEnvelope): Promise<void> {
  const d = verificationDecidedDetail.parse(event.detail);
  await createNotification(deps.store, {
    userId: d.ownerId,
    ...verificationNotification(d),
    sourceEventId: event.id,
    createdAt: d.at && !Number.isNaN(Date.parse(d.at)) ? d.at : event.time,
  });
  const owner = (await recipientsOf(deps.store, [d.ownerId])).get(d.ownerId);
  if (!owner?.preferences.newOrders) return;
  const rendered = renderEmail(verificationEmail(d), { recipientName: owner.greeting, siteUrl: deps.siteUrl, reason: REASONS.newOrders });
  await deliverOnce(deps, {
    deliveryKey: `${event.id}:${owner.userId}:verification`,
    kind: "newOrders",
    userId: owner.userId,
    email: { to: owner.email, ...rendered },
  });
}
