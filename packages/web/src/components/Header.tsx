import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { Link } from "@tanstack/react-router";
import { useAuth } from "../auth/useAuth";
import { Logo } from "./Logo";
import { NotificationsBell } from "./NotificationsBell";
import { accountNavItems, mainNavItems } from "./navItems";
import { ProfileMenu } from "./ProfileMenu";

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
                    <NotificationsBell userId={user.id} />
                    <ProfileMenu user={user} />
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
