import { sameColor, stockKey } from "@printhood/core/shared/colors";
import { sameMaterial } from "@printhood/core/shared/compatibility";
import type { InventoryItem } from "../../../api/types";
import { SWATCH_NAMES } from "../../../lib/printers";

/** Colours in stock per material, keyed by core's `stockKey` ("pla|natural/clear": Grey = Gray, Clear = Natural), as the stock check reads them. */
export type Stock = Map<string, boolean>;

export function stockOf(inventory: InventoryItem[]): Stock {
  const map: Stock = new Map();
  for (const i of inventory) map.set(stockKey(i.material, i.color), i.inStock);
  return map;
}

/** The swatch colours, plus any other colour the printer already lists for the material. */
function colorsFor(material: string, listed: InventoryItem[]): string[] {
  const extra = listed
    .filter((i) => sameMaterial(i.material, material) && !SWATCH_NAMES.some((c) => sameColor(c, i.color)))
    .map((i) => i.color);
  return [...SWATCH_NAMES, ...extra];
}

/** The inventory to save: every colour the owner has said something about, for the materials kept. */
export function inventoryFrom(materials: string[], stock: Stock, listed: InventoryItem[]): InventoryItem[] {
  return materials.flatMap((material) =>
    colorsFor(material, listed).flatMap((color) => {
      const v = stock.get(stockKey(material, color));
      return v === undefined ? [] : [{ material, color, inStock: v }];
    }),
  );
}

export function toggled(stock: Stock, material: string, color: string): Stock {
  const next = new Map(stock);
  next.set(stockKey(material, color), !(stock.get(stockKey(material, color)) ?? false));
  return next;
}

/** "Filament in stock": per material, which colours the owner has (the compatibility rule reads it). */
export function FilamentStockEditor(props: {
  materials: string[];
  listed: InventoryItem[];
  stock: Stock;
  onToggle(material: string, color: string): void;
}) {
  if (props.materials.length === 0) return null;
  return (
    <details className="rounded-xl border border-slate-200 p-4">
      <summary className="cursor-pointer text-sm font-medium text-slate-800">Filament in stock (used to match designs by colour)</summary>
      <div className="mt-3 space-y-4">
        {props.materials.map((material) => (
          <fieldset key={material}>
            <legend className="text-sm font-semibold text-slate-700">{material} colours in stock</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {colorsFor(material, props.listed).map((color) => (
                <label
                  key={color}
                  className="inline-flex items-center gap-1.5 rounded-lg border border-slate-200 px-2 py-1 text-sm text-slate-700"
                >
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    checked={props.stock.get(stockKey(material, color)) ?? false}
                    onChange={() => props.onToggle(material, color)}
                    aria-label={`${material} ${color} in stock`}
                  />
                  {color}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
    </details>
  );
}
