import type { ToastInput } from "../Toasts";

/**
 * The toast every message box shows once its message is sent (spec 2 §8: "Message Sent" with
 * "Your message has been sent successfully", or to whom it went): the dialogs, the order page and
 * /messages alike.
 */
export function messageSentToast(description = "Your message has been sent successfully"): ToastInput {
  return { title: "Message Sent", description };
}
