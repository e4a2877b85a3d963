/**
 * Every material the product names, listed once (docs/architecture.md "one home per rule"). Pure:
 * the web imports this module, so the upload form, the finders' filters, the owner's forms, the
 * pricing calculator, the API's validation and its messages read the same list.
 *
 * The spec lists materials six times with five different sets (spec 1 §2 Print Settings and the
 * finder variants, §9 calculator prices; spec 2 §2 the dashboard dialog and /add-printer). Here
 * they are one catalogue: what a customer can order a print in, with its filament price, and
 * what an owner can say a printer prints (DECISIONS.md "Printers").
 */

/** What a customer can order a print in (spec 1 §2 Print Settings), with the calculator's filament price per kg (spec 1 §9). */
export const ORDER_MATERIALS = [
  { value: "PLA", label: "PLA", pricePerKgCents: 2000 },
  { value: "PETG", label: "PETG", pricePerKgCents: 2800 },
  { value: "ABS", label: "ABS", pricePerKgCents: 2500 },
  { value: "TPU", label: "TPU (Flexible)", pricePerKgCents: 3500 },
] as const;
export type OrderMaterial = (typeof ORDER_MATERIALS)[number]["value"];
export const ORDER_MATERIAL_VALUES = ORDER_MATERIALS.map((m) => m.value) as [OrderMaterial, ...OrderMaterial[]];

/**
 * What an owner can tick for a printer (the dashboard's Add Your 3D Printer dialog and /add-printer
 * alike): the order materials, then speciality filaments. The spec's two screens list two
 * different sets; one list offers both sets' materials on both. Printer Settings still takes any
 * name as free text.
 */
export const PRINTER_MATERIALS = [
  ...ORDER_MATERIAL_VALUES,
  "Wood Fill",
  "Metal Fill",
  "Carbon Fiber",
  "Glow in Dark",
  "ASA",
  "PC",
  "Nylon",
] as const;
