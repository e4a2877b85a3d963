import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { BookIcon, ClockIcon, HelpIcon, MailIcon, MapPinIcon, PhoneIcon, UsersIcon } from "../components/icons";
import { PageBody, PageHeading } from "../components/PageHeading";
import { TextField } from "../components/TextField";
import { useToast } from "../components/Toasts";
import { SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_LOCATION, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from "../lib/contact";
import { type ContactErrors, type ContactForm, validateContactForm } from "../lib/contactForm";
import { MAX_UPLOAD_SIZE, uploadFormatsText } from "../lib/uploads";

const emptyForm: ContactForm = { name: "", email: "", subject: "", message: "" };

const topics = ["Orders & Payments", "Uploading Designs", "Pricing", "Pickup & Shipping", "Listing a Printer", "Account"];

const tips = [
  "Check the FAQ first: most questions about pricing, payments and files are answered there.",
  "Include your order number when asking about an order.",
  "For print quality questions, message your printer owner from the order page.",
  `Design files must be ${uploadFormatsText()} and at most ${MAX_UPLOAD_SIZE}.`,
];

function InfoRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // A <dl> group holds only <dt> and <dd>: the icon sits inside the <dt>, laid out beside both.
    <div className="grid grid-cols-[2.5rem_1fr] gap-x-3">
      <dt className="contents">
        <span aria-hidden="true" className="row-span-2 flex h-10 w-10 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
          {icon}
        </span>
        <span className="col-start-2 text-sm font-medium text-slate-600">{label}</span>
      </dt>
      <dd className="col-start-2 font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function ResourceCard({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-center gap-2 text-brand-700">
        {icon}
        <h3 className="font-semibold text-slate-900">{title}</h3>
      </div>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </div>
  );
}

export function ContactPage() {
  const { toast } = useToast();
  const [form, setForm] = useState<ContactForm>(emptyForm);
  const [errors, setErrors] = useState<ContactErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  function update(field: keyof ContactForm, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateContactForm(form);
    setErrors(found);
    const firstInvalid = (Object.keys(found) as (keyof ContactForm)[])[0];
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`#contact-${firstInvalid}`)?.focus();
      return;
    }
    // No call is made: the spec's contact form only confirms and clears.
    toast({ title: "Message Sent", description: "Thank you for contacting us. We'll get back to you within 24 hours." });
    setForm(emptyForm);
  }

  return (
    <>
      <PageHeading title="Contact & Support" subtitle="Questions about an order, a printer listing or your account? We're here to help." />
      <PageBody className="grid grid-cols-1 gap-8 lg:grid-cols-3">
        <section
          aria-labelledby="contact-form-heading"
          className="self-start rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2"
        >
          <h2 id="contact-form-heading" className="text-xl font-semibold text-slate-900">
            Send us a message
          </h2>
          <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-6 space-y-4" aria-labelledby="contact-form-heading">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField
                id="contact-name"
                label="Name"
                autoComplete="name"
                required
                value={form.name}
                error={errors.name}
                onChange={(e) => update("name", e.target.value)}
              />
              <TextField
                id="contact-email"
                label="Email"
                type="email"
                autoComplete="email"
                required
                value={form.email}
                error={errors.email}
                onChange={(e) => update("email", e.target.value)}
              />
            </div>
            <TextField
              id="contact-subject"
              label="Subject"
              required
              value={form.subject}
              error={errors.subject}
              onChange={(e) => update("subject", e.target.value)}
            />
            <div>
              <label htmlFor="contact-message" className="block text-sm font-medium text-slate-700">
                Message
              </label>
              <textarea
                id="contact-message"
                rows={6}
                required
                value={form.message}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? "contact-message-error" : undefined}
                onChange={(e) => update("message", e.target.value)}
                className={`mt-1 block w-full rounded-lg border px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 ${
                  errors.message ? "border-red-400" : "border-slate-300"
                }`}
              />
              {errors.message ? (
                <p id="contact-message-error" className="mt-1 text-sm text-red-600">
                  {errors.message}
                </p>
              ) : null}
            </div>
            <button type="submit" className="rounded-lg bg-brand-600 px-6 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700">
              Send Message
            </button>
          </form>
        </section>

        <aside className="space-y-6">
          <section aria-labelledby="contact-info-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="contact-info-heading" className="text-lg font-semibold text-slate-900">
              Get in Touch
            </h2>
            <dl className="mt-4 space-y-4">
              <InfoRow icon={<MailIcon className="h-5 w-5" />} label="Email">
                <a href={`mailto:${SUPPORT_EMAIL}`} className="inline-flex min-h-6 items-center text-brand-700 hover:underline">
                  {SUPPORT_EMAIL}
                </a>
              </InfoRow>
              <InfoRow icon={<PhoneIcon className="h-5 w-5" />} label="Phone">
                <a href={SUPPORT_PHONE_HREF} className="inline-flex min-h-6 items-center text-brand-700 hover:underline">
                  {SUPPORT_PHONE}
                </a>
              </InfoRow>
              <InfoRow icon={<MapPinIcon className="h-5 w-5" />} label="Location">
                {SUPPORT_LOCATION}
              </InfoRow>
              <InfoRow icon={<ClockIcon className="h-5 w-5" />} label="Support Hours">
                {SUPPORT_HOURS}
              </InfoRow>
            </dl>
          </section>

          <section aria-labelledby="quick-help-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="quick-help-heading" className="text-lg font-semibold text-slate-900">
              Quick Help
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-600">
              {tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
            <h3 className="mt-5 text-sm font-semibold text-slate-900">Popular topics</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {topics.map((topic) => (
                <li key={topic} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700">
                  {topic}
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="resources-heading" className="space-y-3">
            <h2 id="resources-heading" className="text-lg font-semibold text-slate-900">
              Resources
            </h2>
            <ResourceCard icon={<BookIcon className="h-5 w-5" />} title="Documentation" text="Guides for customers and printer owners." />
            <ResourceCard
              icon={<UsersIcon className="h-5 w-5" />}
              title="Community"
              text="Tips and projects from Northern Colorado makers."
            />
            <ResourceCard icon={<HelpIcon className="h-5 w-5" />} title="FAQ" text="Answers to the most common questions." />
          </section>
        </aside>
      </PageBody>
    </>
  );
}
