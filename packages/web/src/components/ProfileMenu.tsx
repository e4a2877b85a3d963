import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@headlessui/react";
import { Link } from "@tanstack/react-router";
import type { User } from "../api/types";
import { useSignOut } from "../auth/useSignOut";
import { displayName } from "../lib/initials";
import { Avatar } from "./Avatar";

const itemClass = "block w-full px-4 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900";

export function ProfileMenu({ user }: { user: User }) {
  const signOut = useSignOut();
  const canOwnPrinters = user.userType === "printer_owner" || user.userType === "both";

  return (
    <Menu as="div" className="relative">
      <MenuButton aria-label="Open profile menu" className="flex rounded-full">
        <Avatar user={user} />
      </MenuButton>
      <MenuItems className="absolute right-0 z-50 mt-2 w-60 origin-top-right overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-xl focus:outline-none">
        <div className="px-4 py-3">
          <p className="truncate text-sm font-semibold text-slate-900">{displayName(user)}</p>
          <p className="truncate text-sm text-slate-500">{user.email}</p>
        </div>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuItem>
          <Link to="/dashboard" className={itemClass}>
            Dashboard
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to="/profile" className={itemClass}>
            Profile Settings
          </Link>
        </MenuItem>
        {canOwnPrinters ? (
          <MenuItem>
            <Link to="/printer-dashboard" className={itemClass}>
              Printer Dashboard
            </Link>
          </MenuItem>
        ) : null}
        {user.isStaff ? (
          <MenuItem>
            <Link to="/staff" className={itemClass}>
              Staff console
            </Link>
          </MenuItem>
        ) : null}
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuItem>
          <button type="button" onClick={() => void signOut()} className={`${itemClass} text-red-600`}>
            Sign Out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
