import { Link } from "@tanstack/react-router";
import { PageBody, PageHeading } from "../components/PageHeading";

const points = [
  { title: "Based on material", text: "Your price starts from the weight of filament your part needs and the material's cost per kilogram." },
  { title: "Calculated upfront", text: "Upload your design and see the full breakdown before you order: print service, platform fee and total." },
  { title: "No surprises", text: "Local pickup is free. Local delivery and shipping are shown as separate lines at checkout." },
];

export function PricingPage() {
  return (
    <>
      <PageHeading
        title="Transparent Pricing"
        subtitle="Fair, weight-based prices you can see before you order. Printer owners earn for every print; you only pay for what you print."
      />
      <PageBody>
        <div className="grid gap-6 md:grid-cols-3">
          {points.map((p) => (
            <div key={p.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 className="text-lg font-semibold text-slate-900">{p.title}</h2>
              <p className="mt-2 text-slate-600">{p.text}</p>
            </div>
          ))}
        </div>
        <div className="mt-10 text-center">
          <Link
            to="/upload"
            className="inline-flex rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            Upload Your Design
          </Link>
        </div>
      </PageBody>
    </>
  );
}
