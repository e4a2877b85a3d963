import { Link } from "@tanstack/react-router";
import { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from "../lib/contact";
import { LogoMark } from "./Logo";

const linkClass = "inline-flex min-h-6 items-center text-sm text-slate-300 hover:text-white";

export function Footer() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <div className="flex items-center gap-2">
            <LogoMark />
            <span className="text-xl font-bold text-white">Printhood</span>
          </div>
          <p className="mt-4 text-sm leading-6">
            Create. Connect. Print. Printhood connects people who need 3D parts with local printer owners who have idle capacity, with
            upfront, weight-based pricing and secure payments.
          </p>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-sm font-semibold uppercase tracking-wide text-white">
            Quick Links
          </h2>
          <ul className="mt-4 space-y-2">
            <li>
              <Link to="/how-it-works" className={linkClass}>
                How It Works
              </Link>
            </li>
            <li>
              <Link to="/pricing" className={linkClass}>
                Pricing Calculator
              </Link>
            </li>
            <li>
              <Link to="/browse" className={linkClass}>
                Browse Printers
              </Link>
            </li>
            <li>
              <Link to="/printers" className={linkClass}>
                Find Printers
              </Link>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-support">
          <h2 id="footer-support" className="text-sm font-semibold uppercase tracking-wide text-white">
            Support
          </h2>
          <ul className="mt-4 space-y-2">
            <li>
              <Link to="/help" className={linkClass}>
                Help Center
              </Link>
            </li>
            <li>
              <Link to="/contact" className={linkClass}>
                Contact Us
              </Link>
            </li>
            <li>
              <Link to="/faq" className={linkClass}>
                FAQ
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                Terms of Service
              </Link>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Contact</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass}>
                {SUPPORT_EMAIL}
              </a>
            </li>
            <li>
              <a href={SUPPORT_PHONE_HREF} className={linkClass}>
                {SUPPORT_PHONE}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <span aria-hidden="true" className="h-2 w-2 rounded-full bg-brand-400" />
              Live Chat Available
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-slate-400 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p>Proudly serving Northern Colorado: Berthoud, Loveland and Fort Collins</p>
          <p>© {new Date().getFullYear()} Printhood. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
