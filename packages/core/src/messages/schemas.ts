import { z } from "zod";
import { ERRORS } from "../shared/errors.ts";
import { MESSAGE_MAX_LENGTH } from "../shared/sizes.ts";
import { cleanLines } from "../shared/text.ts";

/**
 * A message as the calls send it (spec 2 §7: `{message}`; the order list's call adds `jobId`).
 * Strict objects: unknown keys are refused. Normalised (shared/text.ts) and trimmed; blank
 * (zero-width-only included) and over-long texts are refused with
 * the registry's sentences, the same the site shows (core/shared/conversation.ts).
 */
const messageText = z
  .string({ error: "Message is required." })
  .overwrite(cleanLines)
  .trim()
  .min(1, ERRORS.message_blank.message)
  .max(MESSAGE_MAX_LENGTH, ERRORS.message_too_long.message);

export const postMessageInput = z.strictObject({ message: messageText }).meta({ id: "PostMessageInput" });
export const contactPrinterInput = z
  .strictObject({ jobId: z.string().min(1).max(100), message: messageText })
  .meta({ id: "ContactPrinterInput" });

export type PostMessageInput = z.infer<typeof postMessageInput>;
export type ContactPrinterInput = z.infer<typeof contactPrinterInput>;
