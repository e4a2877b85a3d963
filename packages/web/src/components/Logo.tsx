import { Link } from "@tanstack/react-router";

export function LogoMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M16 6l9 5v10l-9 5-9-5V11zM7 11l9 5 9-5M16 16v10" fill="none" stroke="white" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo() {
  return (
    <Link to="/" activeOptions={{ exact: true }} className="flex items-center gap-2 rounded-md">
      <LogoMark />
      <span className="text-xl font-bold tracking-tight text-slate-900">Printhood</span>
    </Link>
  );
}
