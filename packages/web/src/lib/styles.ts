/** Class names shared by several pages' forms and panels. */

/** A text input or select inside a labelled field. */
export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";

/** A white panel on the page. */
export const cardClass = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";
