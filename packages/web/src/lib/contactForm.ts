import { z } from "zod/mini";

export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactForm, string>>;

const emailSchema = z.email();

/** Contact form rules: every field required, email a valid address. */
export function validateContactForm(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  if (!form.name.trim()) errors.name = "Name is required";
  if (!form.email.trim()) errors.email = "Email is required";
  else if (!emailSchema.safeParse(form.email.trim()).success) errors.email = "Please enter a valid email address";
  if (!form.subject.trim()) errors.subject = "Subject is required";
  if (!form.message.trim()) errors.message = "Message is required";
  return errors;
}
