import { z } from "zod";
import { onClaimChanged } from "../claims/notify.ts";
import type { Store } from "../db/store.ts";
import { deliverOnce } from "../email/deliver.ts";
import { orderFacts } from "../email/facts.ts";
import type { Mailer } from "../email/mailer.ts";
import { REASONS, recipientsOf } from "../email/recipients.ts";
import { scheduleUnreadReminder } from "../email/reminders.ts";
import { renderEmail } from "../email/render.ts";
import { displayName, namesOf } from "../messages/present.ts";
import { createNotification, noteThreadMessage } from "../notifications.ts";
import { onOrderFeedback } from "../orders/feedback.ts";
import { onHoldReleased } from "../payments/hold-released.ts";
import { onPriceProposal } from "../price-proposals/notify.ts";
import { onRefundClosed } from "../staff/refund-closed.ts";
import { onStaffRefund } from "../staff/refund-notice.ts";
import { onVerificationDecided } from "../verification/notify.ts";
import { effectiveStatus, jobStatusDetail, messageNotification, type Party, planJobStatus } from "./notify.ts";
import { DETAIL_TYPES, type EventEnvelope } from "./rules.ts";

export interface ConsumerDeps {
  store: Store;
  mailer: Mailer;
  /** The site's address for links in e-mails ("" when unknown: links are left out). */
  siteUrl: string;
  unreadEmailDelayMinutes: number;
}

/** An ISO time we can sort by (anything else falls back to the envelope's time). */
const isTime = (s: string | undefined): s is string => !!s && /^\d{4}-\d\d-\d\dT/.test(s) && !Number.isNaN(Date.parse(s));

const messageSentDetail = z.looseObject({
  jobId: z.string(),
  messageId: z.string(),
  senderId: z.string(),
  recipientId: z.string(),
  sentAt: z.string(),
});

/**
 * The one consumer of domain events for people: notifications in the app and e-mails
 * (architecture rule 6: events arrive at least once). Every effect is keyed by the event's id,
 * so a second delivery, even a concurrent one, changes nothing: notifications are conditional
 * creates, e-mails are claimed before sending (email/deliver.ts), reminders are conditional.
 * If an e-mail fails the error is thrown, the event is delivered again, and only what is
 * missing is done.
 */
export async function handleDomainEvent(deps: ConsumerDeps, event: EventEnvelope): Promise<void> {
  if (event["detail-type"] === DETAIL_TYPES.jobStatusChanged) return onJobStatus(deps, event);
  if (event["detail-type"] === DETAIL_TYPES.messageSent) return onMessage(deps, event);
  if (event["detail-type"] === DETAIL_TYPES.verificationDecided) return onVerificationDecided(deps, event);
  if (event["detail-type"] === DETAIL_TYPES.claimChanged) return onClaimChanged(deps, event);
  if (event["detail-type"] === DETAIL_TYPES.priceProposalChanged) return onPriceProposal(deps, event);
  if (event["detail-type"] === DETAIL_TYPES.orderFeedback) return onOrderFeedback(deps, event);
  if (event["detail-type"] === DETAIL_TYPES.staffRefund) return onStaffRefund(deps, event);
  if (event["detail-type"] === DETAIL_TYPES.refundClosed) return onRefundClosed(deps, event);
  if (event["detail-type"] === DETAIL_TYPES.holdReleased) return onHoldReleased(deps, event);
}

async function onJobStatus(deps: ConsumerDeps, event: EventEnvelope) {
  const d = jobStatusDetail.parse(event.detail);
  const plan = planJobStatus(d);
  const who = (p: Party) => (p === "customer" ? d.customerId : d.ownerId);
  for (const n of plan.notifications) {
    await createNotification(deps.store, {
      userId: who(n.to),
      title: n.title,
      message: n.message,
      link: n.link,
      sourceEventId: event.id,
      // From the event itself, so a redelivery makes the same id (the envelope has whole seconds only).
      createdAt: isTime(d.at) ? d.at : event.time,
    });
  }
  if (!plan.emails.length) return;
  const recipients = await recipientsOf(
    deps.store,
    plan.emails.map((e) => who(e.to)),
  );
  const facts = await orderFacts(deps.store, d.jobId, {
    orderNumber: d.orderNumber,
    status: effectiveStatus(d),
    previousStatus: d.from,
    reason: d.reason,
    carrier: d.carrier,
    trackingNumber: d.trackingNumber,
  });
  if (!facts) return;
  for (const e of plan.emails) {
    const r = recipients.get(who(e.to));
    if (!r?.preferences[e.kind]) continue;
    const rendered = renderEmail(e.content(facts), { recipientName: r.greeting, siteUrl: deps.siteUrl, reason: REASONS[e.kind] });
    await deliverOnce(deps, {
      deliveryKey: `${event.id}:${r.userId}:${e.kind}`,
      kind: e.kind,
      userId: r.userId,
      email: { to: r.email, ...rendered },
    });
  }
}

async function onMessage(deps: ConsumerDeps, event: EventEnvelope) {
  const d = messageSentDetail.parse(event.detail);
  if (d.recipientId === d.senderId) return;
  const thread = (await deps.store.entities.threads.get({ jobId: d.jobId }).go({ consistent: true })).data;
  if (!thread) return;
  const sender = displayName((await namesOf(deps.store, [d.senderId])).get(d.senderId));
  // One entry per thread, counting its unread messages; none when the thread was read before this ran (it was open).
  await noteThreadMessage(deps.store, {
    userId: d.recipientId,
    jobId: d.jobId,
    sourceEventId: event.id,
    createdAt: isTime(d.sentAt) ? d.sentAt : event.time,
    content: (unread) =>
      messageNotification({ jobId: d.jobId, senderName: sender, fileName: thread.fileName, orderNumber: thread.orderNumber, unread }),
  });
  await scheduleUnreadReminder(
    deps.store,
    { jobId: d.jobId, recipientId: d.recipientId, messageId: d.messageId, sentAt: d.sentAt },
    deps.unreadEmailDelayMinutes,
  );
}
