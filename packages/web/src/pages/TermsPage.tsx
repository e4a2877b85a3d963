import { DEFAULT_CLAIM_WINDOW_DAYS } from "@printhood/core/shared/earnings";
import { PageBody, PageHeading } from "../components/PageHeading";
import { SUPPORT_EMAIL } from "../lib/contact";
import { MAX_UPLOAD_SIZE, uploadFormatsText } from "../lib/uploads";

const sections: { title: string; body: string[] }[] = [
  {
    title: "1. About Printhood",
    body: [
      "Printhood is a marketplace that connects customers who want 3D parts printed with independent owners of 3D printers. Printhood is not itself a print shop: each job is an agreement between the customer and the printer owner, and Printhood provides the platform, payments and support.",
    ],
  },
  {
    title: "2. Accounts",
    body: [
      "You must give accurate information when you create an account and keep your password private. You are responsible for activity on your account. We may suspend accounts that break these terms.",
    ],
  },
  {
    title: "3. Designs and content",
    body: [
      "You keep ownership of the designs you upload. By submitting a job you allow the chosen printer owner to use your file only to print that job. You confirm that you have the right to print the design and that it is not illegal, dangerous or infringing on anyone else's rights.",
      `Printer owners may decline any job. Files are limited to ${uploadFormatsText("and")} formats up to ${MAX_UPLOAD_SIZE}.`,
    ],
  },
  {
    title: "4. Prices and payments",
    body: [
      "Prices are shown before you order and are based on the estimated weight of material, the chosen options and a platform fee. Your card is authorised at checkout and charged only when the printer owner accepts the job. If the job is declined or expires, the authorisation is released.",
    ],
  },
  {
    title: "5. Cancellations and refunds",
    body: [
      'You may cancel an order until printing starts; any amount already charged is refunded. If a refund cannot reach your card at once, it is recorded and sent as soon as our payment provider confirms it, and your order says "Refund on its way" until then.',
      `Money-back guarantee: within ${DEFAULT_CLAIM_WINDOW_DAYS} days of pickup or shipping you may open one claim per order if the part does not match the design, is of poor quality, is in the wrong material or colour, arrived damaged or never arrived, with photos unless it never arrived, asking for a refund or a reprint. The printer owner may refund in full, offer a partial refund or a reprint, or dispute the claim; if you decline an offer, or the owner disputes, Printhood decides, judging against the owner's photos of the finished part and a tolerance of ±0.5 mm or 1% of each dimension, whichever is larger, and gives both of you its reason. Refunds are made to your card through Stripe.`,
    ],
  },
  {
    title: "6. Printer owners",
    body: [
      "Owners must describe their printers, materials and prices accurately, pass our print quality test before a printer is listed, handle customers' files confidentially and complete accepted jobs with reasonable care and speed, marking each job complete with a photo of the finished part. Owners are responsible for any taxes on their earnings.",
      `An owner's earnings for an order are held from pickup or shipping until the customer confirms receipt or ${DEFAULT_CLAIM_WINDOW_DAYS} days pass without a claim, and are frozen while a claim is open. A refund on a claim reduces the owner's earnings for that order by the amount refunded, at most what the owner earned from it; an amount already paid out is recovered from later earnings. Printhood may suspend an account or a printer, with a reason; its open orders are then cancelled and paid money is returned.`,
    ],
  },
  {
    title: "7. Pickup, delivery and shipping",
    body: [
      "Pickup details are shared only between the customer and the printer owner for the handover. Delivery and shipping costs are shown before payment. Risk in a shipped item passes to the customer on delivery.",
    ],
  },
  {
    title: "8. Liability",
    body: [
      "Printhood provides the platform as is. To the extent the law allows, Printhood is not liable for indirect losses or for how printed parts are used. Nothing in these terms limits rights you have under consumer law.",
    ],
  },
  {
    title: "9. Changes and contact",
    body: [
      `We may update these terms and will tell you of significant changes. These terms are governed by the laws of the State of Colorado. Questions: ${SUPPORT_EMAIL}.`,
    ],
  },
];

export function TermsPage() {
  return (
    <>
      <PageHeading title="Terms of Service" subtitle="The plain-language rules for using Printhood." />
      <PageBody className="max-w-3xl space-y-8">
        {sections.map((section) => (
          <section key={section.title}>
            <h2 className="text-xl font-semibold text-slate-900">{section.title}</h2>
            {section.body.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-7 text-slate-600">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </PageBody>
    </>
  );
}
