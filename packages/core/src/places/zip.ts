import { brotliDecompressSync } from "node:zlib";
import { readDataFile } from "../data-file.ts";

/**
 * Offline ZIP geocoding from a centroid table generated once from the `zipcodes` package
 * (packages/core/scripts/generate-zip-table.ts → zip-table.bin): every US ZIP's centre to 0.01°
 * (about 1 km) with its city and state, packed to ~0.22 MB instead of the package's 4.5 MB. A ZIP
 * centroid is the "approximate point" the public sees for a printer: never the owner's street.
 *
 * The table is a data file, not code: beside this module in the sources, and beside each Lambda's
 * bundle (or at the package's root) where SST copies it (stacks/function-build.ts), read on the
 * first lookup only.
 */
export const ZIP_TABLE_FILE = "zip-table.bin";

export interface Place {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

export interface ZipTable {
  /** ZIPs as numbers, ascending. */
  zips: Int32Array;
  /** Centroids in hundredths of a degree. */
  lat: Int16Array;
  lon: Int16Array;
  /** Index into `cities`. */
  city: Int32Array;
  /** [state, city] */
  cities: [string, string][];
}

let table: ZipTable | undefined;

/** The unpacked table, decoded on first use (a few milliseconds) and kept. */
export function zipTable(): ZipTable {
  if (table) return table;
  const raw = brotliDecompressSync(readDataFile(ZIP_TABLE_FILE, import.meta.url, "The ZIP table"));
  const ZIP_COUNT = raw.readUInt32LE(0);
  const recordBytes = raw.readUInt32LE(4);
  const bytes = raw.subarray(8, 8 + recordBytes);
  const cities = raw
    .subarray(8 + recordBytes)
    .toString("utf8")
    .split("\n")
    .map((line) => line.split("\t") as [string, string]);
  const t: ZipTable = {
    zips: new Int32Array(ZIP_COUNT),
    lat: new Int16Array(ZIP_COUNT),
    lon: new Int16Array(ZIP_COUNT),
    city: new Int32Array(ZIP_COUNT),
    cities,
  };
  let at = 0;
  const varint = () => {
    let n = 0;
    let scale = 1;
    for (;;) {
      const b = bytes[at++] ?? 0;
      n += (b & 0x7f) * scale;
      if (b < 0x80) return n;
      scale *= 128;
    }
  };
  const zigzag = () => {
    const v = varint();
    return v % 2 === 0 ? v / 2 : -(v + 1) / 2;
  };
  let zip = 0;
  let lat = 0;
  let lon = 0;
  let seen = 0;
  for (let i = 0; i < ZIP_COUNT; i++) {
    zip += varint();
    lat += zigzag();
    lon += zigzag();
    const back = varint();
    t.zips[i] = zip;
    t.lat[i] = lat;
    t.lon[i] = lon;
    t.city[i] = back === 0 ? seen++ : seen - back;
  }
  table = t;
  return t;
}

const place = (t: ZipTable, i: number): Place => {
  const [state, city] = t.cities[t.city[i] ?? 0] ?? ["", ""];
  return {
    zip: String(t.zips[i]).padStart(5, "0"),
    city,
    state,
    latitude: (t.lat[i] ?? 0) / 100,
    longitude: (t.lon[i] ?? 0) / 100,
  };
};

export function geocodeZip(zip: string): Place | null {
  if (!/^\d{5}$/.test(zip)) return null;
  const t = zipTable();
  const n = Number(zip);
  let lo = 0;
  let hi = t.zips.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = t.zips[mid] ?? 0;
    if (v === n) return place(t, mid);
    if (v < n) lo = mid + 1;
    else hi = mid - 1;
  }
  return null;
}

/** Every ZIP of a city (case-insensitive name, 2-letter state), as `zipcodes.lookupByName` gave them. */
export function zipsOfCity(city: string, state: string): Place[] {
  const t = zipTable();
  const name = city.toUpperCase();
  const wanted = new Set<number>();
  t.cities.forEach(([s, c], i) => {
    if (s === state && c.toUpperCase() === name) wanted.add(i);
  });
  const out: Place[] = [];
  if (wanted.size === 0) return out;
  for (let i = 0; i < t.zips.length; i++) if (wanted.has(t.city[i] ?? -1)) out.push(place(t, i));
  return out;
}

const EARTH_RADIUS_MILES = 3958.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in miles. */
export function distanceMiles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The served region's centre (Loveland, between Berthoud and Fort Collins) and reach. */
export const REGION_CENTER = { latitude: 40.3978, longitude: -105.0748 };
export const NEARBY_MILES = 50;
