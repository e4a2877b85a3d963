import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { BadgeCheckIcon, BoltIcon, DollarIcon, LockIcon, MapPinIcon, ShieldIcon, StarIcon } from "../components/icons";
import { StatsStrip } from "../components/StatsStrip";

const primaryButton =
  "inline-flex items-center justify-center rounded-xl bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-brand-700";
const secondaryButton =
  "inline-flex items-center justify-center rounded-xl border border-brand-600 bg-white px-6 py-3 text-base font-semibold text-brand-700 transition hover:bg-brand-50";

function ValueCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">{icon}</div>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-2 text-slate-600">{children}</p>
    </div>
  );
}

function TrustItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white/15 text-white">{icon}</div>
      <div>
        <h3 className="font-semibold text-white">{title}</h3>
        <p className="mt-1 text-brand-50">{children}</p>
      </div>
    </li>
  );
}

export function LandingPage() {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-50 via-white to-teal-50">
        <div className="mx-auto max-w-7xl px-4 py-20 text-center sm:px-6 lg:px-8 lg:py-28">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Create. Connect. Print.</p>
          <h1 className="mx-auto mt-4 max-w-4xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            Local 3D printing, from your design to your hands
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            Upload a design, see an instant weight-based price and have it printed by a trusted printer owner near you in Berthoud,
            Loveland, Fort Collins and across Northern Colorado.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to="/browse" className={primaryButton}>
              Find a Printer
            </Link>
            <Link to="/auth" className={secondaryButton}>
              List Your Printer
            </Link>
          </div>
        </div>
      </section>

      <StatsStrip />

      <section aria-labelledby="values-heading" className="bg-slate-50 py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="values-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            Printing made simple
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
            Everything you need to turn a file into a finished part, without hunting for a print shop.
          </p>
          <div className="mt-12 grid gap-6 md:grid-cols-3">
            <ValueCard icon={<DollarIcon />} title="Transparent Pricing">
              Prices are based on material cost and calculated upfront, so you know exactly what you pay before you order.
            </ValueCard>
            <ValueCard icon={<ShieldIcon />} title="Quality Assured">
              Every printer owner passes print quality tests, and customers rate each job they receive.
            </ValueCard>
            <ValueCard icon={<BoltIcon />} title="Fast & Local">
              Your part is printed nearby, so you can pick it up in days instead of waiting weeks for shipping.
            </ValueCard>
          </div>
          <div className="mt-10 text-center">
            <Link to="/how-it-works" className={secondaryButton}>
              See How It Works
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="trust-heading" className="bg-brand-700 py-20">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <h2 id="trust-heading" className="text-3xl font-bold tracking-tight text-white">
              A marketplace you can trust
            </h2>
            <p className="mt-4 text-lg text-brand-50">
              Printhood is built by and for the Northern Colorado maker community. Your design, your money and your time are protected at
              every step.
            </p>
          </div>
          <ul className="grid grid-cols-1 gap-8 sm:grid-cols-2">
            <TrustItem icon={<StarIcon />} title="Community-Rated Printer Owners">
              Printer owners are rated by the customers they print for, so you can choose with confidence.
            </TrustItem>
            <TrustItem icon={<BadgeCheckIcon />} title="Quality-Verified Printers">
              Owners must pass print quality tests before their printers take orders.
            </TrustItem>
            <TrustItem icon={<LockIcon />} title="Secure Payments">
              Payments are processed securely and backed by a money-back guarantee.
            </TrustItem>
            <TrustItem icon={<MapPinIcon />} title="Fast Local Pickup">
              Pick up your print from a maker in your own town, or have it shipped to you.
            </TrustItem>
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="bg-white py-20">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Ready to bring your ideas to life?
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Find a printer for your next project, or earn from your printer's idle hours by printing for your neighbours.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to="/browse" className={primaryButton}>
              Browse Printers
            </Link>
            <Link to="/auth" className={secondaryButton}>
              Join as Printer Owner
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
