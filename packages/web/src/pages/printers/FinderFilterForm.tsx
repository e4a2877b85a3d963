import { ORDER_MATERIAL_VALUES } from "@printhood/core/shared/materials";
import { FilterField, FilterSelect } from "../../components/FilterField";
import { SWATCH_NAMES } from "../../lib/printers";
import { inputClass } from "../../lib/styles";
import type { FinderFilters } from "./finder";

/** The finder's filters (spec 1 §2): location, material, colour, status, and the ZIP to sort nearest first. */
export function FinderFilterForm(props: {
  filters: FinderFilters;
  onLocation(v: string): void;
  onMaterial(v: string): void;
  onColor(v: string): void;
  onStatus(v: FinderFilters["status"]): void;
  onZip(v: string): void;
}) {
  const { filters } = props;
  // The finder sorts by distance only from a whole ZIP; part of one is said, not silently ignored.
  const partialZip = filters.zip.length > 0 && filters.zip.length < 5;
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for some supported browsers; the role says the same
    <form
      role="search"
      aria-label="Filter printers"
      onSubmit={(e) => e.preventDefault()}
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-5"
    >
      <FilterField id="filter-location" label="Location">
        <input
          id="filter-location"
          className={inputClass}
          placeholder="City, e.g. Loveland"
          value={filters.location}
          onChange={(e) => props.onLocation(e.target.value)}
        />
      </FilterField>
      <FilterSelect
        id="filter-material"
        label="Material"
        allLabel="All Materials"
        options={ORDER_MATERIAL_VALUES}
        value={filters.material}
        onChange={props.onMaterial}
      />
      <FilterSelect
        id="filter-color"
        label="Colour"
        allLabel="All Colours"
        options={SWATCH_NAMES}
        value={filters.color}
        onChange={props.onColor}
      />
      <FilterField id="filter-status" label="Status">
        <select
          id="filter-status"
          className={inputClass}
          value={filters.status}
          onChange={(e) => props.onStatus(e.target.value as FinderFilters["status"])}
        >
          <option value="all">All Printers</option>
          <option value="available">Available Only</option>
        </select>
      </FilterField>
      <FilterField id="filter-zip" label="Nearest to ZIP">
        <input
          id="filter-zip"
          inputMode="numeric"
          maxLength={5}
          className={inputClass}
          placeholder="e.g. 80537"
          value={filters.zip}
          aria-describedby={partialZip ? "filter-zip-hint" : undefined}
          onChange={(e) => props.onZip(e.target.value.replace(/\D/g, "").slice(0, 5))}
        />
        {partialZip && (
          <p id="filter-zip-hint" className="mt-1 text-xs text-slate-500">
            Enter all 5 digits to sort by distance.
          </p>
        )}
      </FilterField>
    </form>
  );
}
