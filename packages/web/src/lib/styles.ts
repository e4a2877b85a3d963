/** Class names shared by several pages' forms and panels. */

/** A text input or select inside a labelled field. */
export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";

/** A white panel on the page. */
export const cardClass = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";

/** The main action of a form or dialog. */
export const primaryButton =
  "rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60";

/** A secondary action (Cancel, Close, a card's small buttons). */
export const secondaryButton = "rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50";
