import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import type { User } from "../api/types";
import { useAuth } from "../auth/useAuth";
import { whenIdle } from "../lib/idle";
import { Avatar } from "./Avatar";
import { BellIcon } from "./BellIcon";
import { Logo } from "./Logo";
import { accountNavItems, mainNavItems } from "./navItems";

// The bell and the profile menu come in their own chunk, fetched once someone is signed in: their
// Headless UI Popover and Menu, and the Floating UI under them, were a fifth of every page's first
// load (140 -> 112 kB gzipped, issue 13), and on a slow phone compiling and starting them held up
// the first screen. Until they are in, the corner shows their look, not yet clickable. They are asked
// for once the browser is idle: fetched and drawn together with the screen, they took a connection
// from the screen's code and a long task beside its first render (Lighthouse on /checkout, median
// of 5: 90 -> 95, largest paint 2.4-3.0 s -> 2.2-2.4 s).
const AccountMenus = lazy(() =>
  whenIdle()
    .then(() => import("./AccountMenus"))
    .then((m) => ({ default: m.AccountMenus })),
);

function AccountMenusStandIn({ user }: { user: User }) {
  return (
    <span aria-hidden="true" className="flex items-center gap-2">
      <span className="rounded-full p-2 text-slate-600">
        <BellIcon />
      </span>
      <span className="flex rounded-full">
        <Avatar user={user} />
      </span>
    </span>
  );
}

const navLinkClass =
  "rounded-lg px-3 py-2 text-sm font-medium text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 " +
  "data-[status=active]:bg-brand-50 data-[status=active]:text-brand-700";

const accountLinkClass =
  "rounded-lg border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-700 transition hover:border-brand-300 hover:text-brand-700 " +
  "data-[status=active]:border-brand-600 data-[status=active]:bg-brand-50 data-[status=active]:text-brand-700";

const mobileLinkClass =
  "block rounded-lg px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100 " +
  "data-[status=active]:bg-brand-50 data-[status=active]:text-brand-700";

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="h-6 w-6">
      {open ? <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" /> : <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

export function Header() {
  const { user, isLoading } = useAuth();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <Disclosure as="nav" aria-label="Main">
        {({ open, close }) => (
          <>
            <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
              <div className="flex items-center gap-6">
                <Logo />
                <div className="hidden items-center gap-1 md:flex">
                  {mainNavItems.map((item) => (
                    <Link key={item.to} to={item.to} className={navLinkClass}>
                      {item.label}
                    </Link>
                  ))}
                </div>
              </div>

              <div className="flex items-center gap-2">
                {/* Nothing while the session loads: neither "Sign In" nor a menu that may not be the visitor's. */}
                {isLoading ? null : user ? (
                  <>
                    <div className="hidden items-center gap-2 lg:flex">
                      {accountNavItems.map((item) => (
                        <Link key={item.to} to={item.to} className={accountLinkClass}>
                          {item.label}
                        </Link>
                      ))}
                    </div>
                    <Suspense fallback={<AccountMenusStandIn user={user} />}>
                      <AccountMenus user={user} />
                    </Suspense>
                  </>
                ) : (
                  <div className="hidden items-center gap-2 sm:flex">
                    <Link
                      to="/auth"
                      activeOptions={{ includeSearch: false }}
                      className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
                    >
                      Sign In
                    </Link>
                    <Link
                      to="/auth"
                      search={{ tab: "register" }}
                      className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
                    >
                      Get Started
                    </Link>
                  </div>
                )}
                <DisclosureButton
                  aria-label="Open menu"
                  className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 lg:hidden"
                >
                  <MenuIcon open={open} />
                </DisclosureButton>
              </div>
            </div>

            <DisclosurePanel className="border-t border-slate-200 bg-white lg:hidden">
              <div className="mx-auto max-w-7xl space-y-1 px-4 py-3 sm:px-6">
                {mainNavItems.map((item) => (
                  <Link key={item.to} to={item.to} className={mobileLinkClass} onClick={() => close()}>
                    {item.label}
                  </Link>
                ))}
                <div className="my-2 border-t border-slate-100" />
                {isLoading ? null : user ? (
                  accountNavItems.map((item) => (
                    <Link key={item.to} to={item.to} className={mobileLinkClass} onClick={() => close()}>
                      {item.label}
                    </Link>
                  ))
                ) : (
                  <>
                    <Link to="/auth" activeOptions={{ includeSearch: false }} className={mobileLinkClass} onClick={() => close()}>
                      Sign In
                    </Link>
                    <Link
                      to="/auth"
                      search={{ tab: "register" }}
                      className="block rounded-lg bg-brand-600 px-3 py-2 text-center text-base font-semibold text-white hover:bg-brand-700"
                      onClick={() => close()}
                    >
                      Get Started
                    </Link>
                  </>
                )}
              </div>
            </DisclosurePanel>
          </>
        )}
      </Disclosure>
    </header>
  );
}
