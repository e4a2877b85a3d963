import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { CLAIM_REASON_WORDS } from "@printhood/core/shared/claims";
import { DEFAULT_CLAIM_WINDOW_DAYS } from "@printhood/core/shared/earnings";
import { ORDER_MATERIAL_VALUES } from "@printhood/core/shared/materials";
import { DELIVERY_FEE_CENTS, PLATFORM_FEE_PERCENT, PLATFORM_FIXED_FEE_CENTS } from "@printhood/core/shared/pricing";
import { listInWords } from "@printhood/core/shared/words";
import { Link } from "@tanstack/react-router";
import { PageBody, PageHeading } from "../components/PageHeading";
import { formatCents } from "../lib/format";
import { MAX_UPLOAD_SIZE, uploadFormatsText } from "../lib/uploads";

interface Faq {
  question: string;
  answer: string;
}

const groups: { title: string; items: Faq[] }[] = [
  {
    title: "Pricing",
    items: [
      {
        question: "How is the price of a print calculated?",
        answer:
          "Prices are based on weight. When you upload a design we estimate how many grams of filament it needs, multiply by the material's price per kilogram (or the chosen printer's price per gram) and show you the full breakdown: print service, platform fee and total. Extra colours add a small premium. You see the price before you order.",
      },
      {
        question: "What is the platform fee?",
        answer: `The platform fee is ${PLATFORM_FEE_PERCENT}% of the print cost plus a fixed ${formatCents(PLATFORM_FIXED_FEE_CENTS)}. It pays for secure payments, support and running the marketplace. The printer owner receives the full print cost.`,
      },
      {
        question: "Does delivery cost extra?",
        answer: `Pickup from the printer owner is free. Local delivery adds ${formatCents(DELIVERY_FEE_CENTS.delivery)}, and shipping is priced by weight and distance; both are shown before you pay.`,
      },
    ],
  },
  {
    title: "Payments",
    items: [
      {
        question: "When am I charged?",
        answer:
          "You authorise the payment at checkout, but the money is only taken when the printer owner accepts your job. If the owner declines, or does not answer in time, the hold is released and you are not charged.",
      },
      {
        question: "Can I cancel an order?",
        answer:
          "Yes, until printing starts. If the payment was already taken it is refunded in full. Once a print has started it can no longer be cancelled.",
      },
      {
        question: "What if my print is not right?",
        answer: `Message the printer owner from your order first: most issues are solved quickly. If that does not settle it, open a claim under our money-back guarantee from the order page within ${DEFAULT_CLAIM_WINDOW_DAYS} days of pickup or shipping.`,
      },
      {
        question: "How does the money-back guarantee work?",
        answer: `Within ${DEFAULT_CLAIM_WINDOW_DAYS} days of pickup or shipping you can open one claim per order: say what is wrong (${listInWords(
          Object.values(CLAIM_REASON_WORDS).map((w) => w.toLowerCase()),
          "or",
        )}), add photos (unless the part never arrived) and ask for a refund or a reprint. The printer owner's earnings for the order are frozen at once. The owner can refund you in full, offer a partial refund or a reprint (you can accept it or ask us to decide), or dispute the claim. Where you do not agree, our team decides, against the owner's photos of the finished part and a written tolerance of ±0.5 mm or 1%, whichever is larger, and both of you read the reason. Refunds go back to your card through Stripe, and we e-mail you both.`,
      },
      {
        question: "When does the printer owner get my money?",
        answer: `Your card is charged when the owner accepts the order, but the owner's earnings are held until you confirm the part arrived as ordered ("Received, looks good" on the order page) or ${DEFAULT_CLAIM_WINDOW_DAYS} days after pickup or shipping pass without a claim.`,
      },
    ],
  },
  {
    title: "Files and printing",
    items: [
      {
        question: "Which file types can I upload?",
        answer: `${uploadFormatsText("and")} files, up to ${MAX_UPLOAD_SIZE} each. One file per print job.`,
      },
      {
        question: "Which materials are available?",
        answer: `Prints can be ordered in ${listInWords(ORDER_MATERIAL_VALUES, "and")}; some owners also print speciality filaments. Each printer lists its materials, colours and build volume, and the finder shows which printers can fit your design.`,
      },
      {
        question: "How long does a print take?",
        answer:
          "Most jobs are ready within 2-3 business days after the owner accepts them. You can follow the status of your order and message the owner at any time.",
      },
    ],
  },
  {
    title: "Pickup and shipping",
    items: [
      {
        question: "How do I get my print?",
        answer:
          "Choose pickup, local delivery or shipping when you submit your job. For pickup, the owner lets you know when the print is ready; owners' street addresses are only shared for the handover.",
      },
      {
        question: "Where does Printhood operate?",
        answer:
          "Our printer owners are in Northern Colorado, including Berthoud, Loveland and Fort Collins. Shipping lets customers further away order too.",
      },
    ],
  },
  {
    title: "Printer owners",
    items: [
      {
        question: "How do I list my printer?",
        answer:
          "Create an account, then add your printer with its model, materials, price per gram and location. Your listing goes live once your printer passes our print quality test: download the test piece from your dashboard, print it, measure it with calipers and send the measurements with two photos. Each dimension must be within ±0.5 mm or 1%, whichever is larger, and our team reviews every attempt.",
      },
      {
        question: "How do owners get paid?",
        answer: `Owners earn the full print cost of every job they complete, plus the delivery fee or shipping cost. Earnings are held from pickup or shipping until the customer confirms receipt or ${DEFAULT_CLAIM_WINDOW_DAYS} days pass without a claim; then they are available and can be paid out to your connected Stripe account. The payouts tab shows what is held and when it frees up.`,
      },
    ],
  },
];

export function FaqPage() {
  return (
    <>
      <PageHeading title="Frequently Asked Questions" subtitle="Quick answers about pricing, payments, files and pickup." />
      <PageBody className="max-w-3xl space-y-10">
        {groups.map((group) => (
          <section key={group.title} aria-labelledby={`faq-${group.title}`}>
            <h2 id={`faq-${group.title}`} className="text-xl font-semibold text-slate-900">
              {group.title}
            </h2>
            <div className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
              {group.items.map((item) => (
                <Disclosure key={item.question} as="div" className="px-5 py-4">
                  <DisclosureButton className="group flex w-full items-center justify-between gap-4 text-left font-medium text-slate-900">
                    <span>{item.question}</span>
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 20 20"
                      fill="currentColor"
                      className="h-5 w-5 shrink-0 text-slate-400 transition group-data-open:rotate-180"
                    >
                      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
                    </svg>
                  </DisclosureButton>
                  <DisclosurePanel className="mt-2 text-slate-600">{item.answer}</DisclosurePanel>
                </Disclosure>
              ))}
            </div>
          </section>
        ))}
        <p className="text-slate-600">
          Still have a question?{" "}
          <Link to="/contact" className="font-semibold text-brand-700 hover:underline">
            Contact Us
          </Link>
        </p>
      </PageBody>
    </>
  );
}
