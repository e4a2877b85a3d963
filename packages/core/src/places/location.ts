import { fail } from "../shared/errors.ts";
import { geocodeZip, zipsOfCity } from "./zip.ts";
import { STATE_CODES, STATE_NAMES } from "./zip-table.ts";

/**
 * Turning what an owner typed into a public place: city, 2-letter state and an approximate
 * point. The point is a ZIP centroid (or the mean of a city's ZIP centroids), never the street.
 */
export interface ResolvedPlace {
  city: string;
  state: string;
  zipCode?: string;
  latitude: number;
  longitude: number;
}

/** The served region's state: a one-line location without a state ("Loveland") means Colorado. */
export const DEFAULT_STATE = "CO";

/** "CO", "co", "Colorado" → "CO"; anything else → null. */
export function stateCode(text: string): string | null {
  const t = text.trim().replace(/\./g, "").toUpperCase();
  if (!t) return null;
  if (t.length === 2 && STATE_NAMES[t]) return t;
  return STATE_CODES[t] ?? null;
}

const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_m, a: string, b: string) => a + b.toUpperCase());

export interface ParsedLocation {
  city?: string;
  state?: string;
  zipCode?: string;
}

/**
 * Read a free-text location: "Loveland, CO", "Fort Collins, Colorado 80521", "Berthoud CO",
 * "123 Main St, Loveland, CO 80537" or just "Loveland". The street part, if any, is dropped.
 */
export function parseLocation(text: string): ParsedLocation {
  const zip = /\b(\d{5})(?:-\d{4})?\b/.exec(text)?.[1];
  const rest = text
    .replace(/\b\d{5}(?:-\d{4})?\b/, " ")
    .replace(/\s+/g, " ")
    .trim();
  const parts = rest
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const out: ParsedLocation = {};
  if (zip) out.zipCode = zip;
  if (parts.length === 0) return out;
  if (parts.length >= 2) {
    const last = parts[parts.length - 1] ?? "";
    const state = stateCode(last);
    if (state) {
      out.state = state;
      out.city = parts[parts.length - 2];
    } else {
      // "Street, City" with no state, or "City, Country"-like text: the last part names the city.
      out.city = last;
    }
  } else {
    const words = (parts[0] ?? "").split(" ");
    // "Fort Collins CO" / "Fort Collins Colorado" / "Fort Collins New Mexico": try 2-word, then 1-word states.
    for (const n of [2, 1]) {
      if (words.length > n) {
        const state = stateCode(words.slice(-n).join(" "));
        if (state) {
          out.state = state;
          out.city = words.slice(0, -n).join(" ");
          break;
        }
      }
    }
    if (!out.city) out.city = parts[0];
  }
  if (out.city) out.city = titleCase(out.city);
  return out;
}

/** The centre of a city: the mean of its ZIP centroids. */
export function geocodeCity(city: string, state: string): ResolvedPlace | null {
  const code = stateCode(state);
  if (!code || !city.trim()) return null;
  const hits = zipsOfCity(city.trim(), code);
  if (hits.length === 0) return null;
  const lat = hits.reduce((s, h) => s + h.latitude, 0) / hits.length;
  const lon = hits.reduce((s, h) => s + h.longitude, 0) / hits.length;
  return { city: hits[0]?.city ?? titleCase(city), state: code, latitude: round4(lat), longitude: round4(lon) };
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

export interface LocationInput {
  location?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  zipCode?: string | undefined;
}

/**
 * Place a printer: a ZIP (given, or found in the text) wins; otherwise the city and state
 * (given, or read from the text) are matched against the ZIP table. Refuses what it cannot place.
 */
export function resolvePlace(input: LocationInput): ResolvedPlace {
  const parsed = input.location ? parseLocation(input.location) : {};
  const zip = input.zipCode ?? parsed.zipCode;
  if (zip) {
    const place = geocodeZip(zip);
    if (!place) throw fail("unknown_zip", { zip });
    return { city: place.city, state: place.state, zipCode: place.zip, latitude: place.latitude, longitude: place.longitude };
  }
  const city = input.city?.trim() || parsed.city;
  const stateText = input.state?.trim() || parsed.state || DEFAULT_STATE;
  if (!city) throw fail("missing_location");
  const state = stateCode(stateText);
  if (!state) throw fail("unknown_state", { state: stateText });
  const place = geocodeCity(city, state);
  if (!place) {
    throw fail("unknown_location", { city, state });
  }
  return place;
}
