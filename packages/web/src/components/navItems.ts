/** Links shown to everyone in the header. */
export const mainNavItems = [
  { to: "/how-it-works", label: "How It Works" },
  { to: "/pricing", label: "Pricing" },
  { to: "/browse", label: "Browse Printers" },
] as const;

/** Buttons shown to every signed-in user, whatever their userType. */
export const accountNavItems = [
  { to: "/printer-dashboard", label: "My Printers" },
  { to: "/messages", label: "Messages" },
  { to: "/dashboard", label: "My Orders" },
  { to: "/upload", label: "Upload Design" },
] as const;
