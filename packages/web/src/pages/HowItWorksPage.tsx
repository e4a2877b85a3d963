import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { PrinterIcon, SearchIcon, TruckIcon, UploadIcon } from "../components/icons";
import { PageBody, PageHeading } from "../components/PageHeading";
import { MAX_UPLOAD_SIZE, uploadFormatsText } from "../lib/uploads";

const steps: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <UploadIcon />,
    title: "Upload Your Design",
    text: `Upload an ${uploadFormatsText()} file (up to ${MAX_UPLOAD_SIZE}). We analyse it and show an instant, weight-based price before you commit to anything.`,
  },
  {
    icon: <SearchIcon />,
    title: "Find a Local Printer",
    text: "Compare printer owners near you by location, materials, build volume, price per gram and community rating, then pick the one that fits.",
  },
  {
    icon: <PrinterIcon />,
    title: "Get It Printed",
    text: "Choose your filament colour and delivery method and pay securely. The owner accepts the job, prints it and keeps you updated; message them any time.",
  },
  {
    icon: <TruckIcon />,
    title: "Pick Up or Ship",
    text: "Collect your part from the owner in your town, or have it delivered or shipped to your door. Then rate the owner to help the community.",
  },
];

export function HowItWorksPage() {
  return (
    <>
      <PageHeading
        title="How It Works"
        subtitle="From a 3D file to a finished part in four simple steps, printed by makers in your own community."
      />
      <PageBody>
        <ol className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="absolute right-5 top-5 text-4xl font-extrabold text-brand-100" aria-hidden="true">
                {index + 1}
              </span>
              <div className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">{step.icon}</div>
              <h2 className="mt-4 text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h2>
              <p className="mt-2 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-12 flex flex-col items-center justify-center gap-3 rounded-2xl bg-brand-50 p-8 text-center sm:flex-row">
          <p className="text-lg font-semibold text-slate-900 sm:mr-4">Ready to start?</p>
          <Link to="/upload" className="rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700">
            Upload Your Design
          </Link>
          <Link
            to="/printers"
            className="rounded-xl border border-brand-600 bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
          >
            Find Printers
          </Link>
        </div>
      </PageBody>
    </>
  );
}
