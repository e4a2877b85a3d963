import { z } from "zod";
import { checkMessageText } from "../shared/conversation.ts";

/**
 * A message as the calls send it (spec 2 §7: `{message}`; the order list's call adds `jobId`).
 * Strict objects: unknown keys are refused. Trimmed; blank and over-long texts are refused with
 * the same words the site shows (core/shared/conversation.ts).
 */
const messageText = z.string({ error: "Message is required." }).transform((raw, ctx) => {
  const checked = checkMessageText(raw);
  if (!checked.ok) {
    ctx.addIssue({ code: "custom", message: checked.message });
    return z.NEVER;
  }
  return checked.text;
});

export const postMessageInput = z.strictObject({ message: messageText });
export const contactPrinterInput = z.strictObject({ jobId: z.string().min(1).max(100), message: messageText });

export type PostMessageInput = z.infer<typeof postMessageInput>;
export type ContactPrinterInput = z.infer<typeof contactPrinterInput>;
