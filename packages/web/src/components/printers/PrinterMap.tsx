import "leaflet/dist/leaflet.css";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import L from "leaflet";
import { useEffect, useMemo, useState } from "react";
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from "react-leaflet";
import { type PrinterFilters, printerViewQuery } from "../../api/printers";
import type { ListedPrinter, Printer } from "../../api/types";
import { formatPricePerGram, ownerFullName, uploadSearch } from "../../lib/printers";
import { AvailabilityBadge } from "./AvailabilityBadge";
import { CLUSTER_COLOR, ClusterMarker } from "./ClusterMarker";
import { type Drawn, drawnItems, printersDrawn, type ServerCluster } from "./mapClusters";
import { useMapView } from "./useMapView";
import { VerifiedBadge } from "./VerifiedBadge";

/** Spec 1 §2 and §9: fixed default centre, zoom 10; 15 for a selected printer, 14 for a single one. */
export const DEFAULT_CENTER: [number, number] = [40.3978, -105.0748];
export const DEFAULT_ZOOM = 10;
export const SELECTED_ZOOM = 15;
export const SINGLE_ZOOM = 14;
const MARKER_SIZE = 25;
const SELECTED_MARKER_SIZE = 35;

export const MARKER_COLORS = { available: "#16a34a", busy: "#dc2626", selected: "#2563eb" } as const;

/** Tiles from a configurable service (VITE_TILE_URL); a public open map by default. */
const TILE_URL = import.meta.env.VITE_TILE_URL || "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
const TILE_ATTRIBUTION =
  import.meta.env.VITE_TILE_ATTRIBUTION || '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

type Located<P extends Printer = Printer> = P & { latitude: number; longitude: number };
const located = <P extends Printer>(p: P): p is Located<P> =>
  p.latitude !== null && p.longitude !== null && Number.isFinite(p.latitude) && Number.isFinite(p.longitude);

/**
 * Printers share a ZIP centroid when their owners share a ZIP, and a city's centre can sit next
 * to a ZIP's. Markers closer than a marker's width on screen (at the current zoom) are fanned
 * out around their group's centre by a few pixels so each can be seen and clicked.
 */
function fanOffsets(map: L.Map, printers: Located[], zoom: number): Map<string, [number, number]> {
  const points = printers.map((p) => ({ p, pt: map.project([p.latitude, p.longitude], zoom) }));
  const groups: (typeof points)[] = [];
  for (const item of points) {
    const group = groups.find((g) => g.some((o) => o.pt.distanceTo(item.pt) < MARKER_SIZE));
    if (group) group.push(item);
    else groups.push([item]);
  }
  const offsets = new Map<string, [number, number]>();
  for (const group of groups) {
    const cx = group.reduce((s, g) => s + g.pt.x, 0) / group.length;
    const cy = group.reduce((s, g) => s + g.pt.y, 0) / group.length;
    for (const [i, { p, pt }] of group.entries()) {
      if (group.length === 1) {
        offsets.set(p.id, [0, 0]);
        continue;
      }
      const angle = (2 * Math.PI * i) / group.length - Math.PI / 2;
      const radius = 14 + group.length * 2;
      offsets.set(p.id, [Math.round(cx + Math.cos(angle) * radius - pt.x), Math.round(cy + Math.sin(angle) * radius - pt.y)]);
    }
  }
  return offsets;
}

/** The current zoom, kept in React state. */
function useZoom(): [L.Map, number] {
  const map = useMap();
  const [zoom, setZoom] = useState(map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  return [map, zoom];
}

function markerIcon(kind: keyof typeof MARKER_COLORS, [dx, dy]: [number, number] = [0, 0]) {
  const size = kind === "selected" ? SELECTED_MARKER_SIZE : MARKER_SIZE;
  return L.divIcon({
    className: "printer-marker",
    html: `<span data-kind="${kind}" style="display:block;width:${size}px;height:${size}px;border-radius:9999px;background:${MARKER_COLORS[kind]};border:3px solid #fff;box-shadow:0 1px 4px rgba(15,23,42,.45)"></span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2 - dx, size / 2 - dy],
    popupAnchor: [dx, dy - size / 2],
  });
}

/** Moves the view: selected printer at zoom 15, a single printer at 14, otherwise fit them all. */
function FitView({ printers, selected }: { printers: Located[]; selected: Located | null }) {
  const map = useMap();
  const key = printers.map((p) => p.id).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: move the view only when the set of printers or the selection changes, not on every new array
  useEffect(() => {
    if (selected) {
      map.setView([selected.latitude, selected.longitude], SELECTED_ZOOM);
    } else if (printers.length === 1 && printers[0]) {
      map.setView([printers[0].latitude, printers[0].longitude], SINGLE_ZOOM);
    } else if (printers.length > 1) {
      map.fitBounds(L.latLngBounds(printers.map((p) => [p.latitude, p.longitude] as [number, number])), {
        padding: [48, 48],
        maxZoom: SINGLE_ZOOM,
      });
    }
  }, [key, selected?.id, map]);
  return null;
}

/** Reports whether tiles load; the map stays usable on its plain background when they don't. */
function TileStatus({ onError }: { onError: () => void }) {
  const map = useMap();
  useEffect(() => {
    map.on("tileerror", onError);
    return () => {
      map.off("tileerror", onError);
    };
  }, [map, onError]);
  return null;
}

/** The markers: green available, red busy, blue selected; each opens its popup. */
function Markers({
  printers,
  selectedId,
  onSelect,
  draftId,
}: {
  printers: Located[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  draftId?: string | undefined;
}) {
  const [map, zoom] = useZoom();
  const offsets = useMemo(() => fanOffsets(map, printers, zoom), [map, printers, zoom]);
  return (
    <>
      {printers.map((p) => {
        const kind = p.id === selectedId ? "selected" : p.isAvailable ? "available" : "busy";
        return (
          <Marker
            key={p.id}
            position={[p.latitude, p.longitude]}
            icon={markerIcon(kind, offsets.get(p.id))}
            title={`${p.name} (${p.isAvailable ? "Available" : "Busy"})`}
            alt={p.name}
            zIndexOffset={kind === "selected" ? 1000 : 0}
            eventHandlers={{ click: () => onSelect(p.id), popupopen: () => onSelect(p.id) }}
          >
            <Popup>
              <div className="min-w-48 space-y-1 text-sm" data-testid="printer-popup">
                <div className="text-base font-semibold text-slate-900">{p.name}</div>
                <div className="text-slate-600">{p.model}</div>
                <div className="text-slate-700">{ownerFullName(p.owner)}</div>
                <div className="text-slate-700">{p.location}</div>
                <div className="text-slate-700">{p.materials.join(", ")}</div>
                <div className="font-semibold text-slate-900">{formatPricePerGram(p.pricePerGram)}</div>
                <div className="flex flex-wrap gap-1">
                  <AvailabilityBadge available={p.isAvailable} />
                  <VerifiedBadge verified={p.verified} />
                </div>
                <div className="pt-2">
                  {p.isAvailable ? (
                    <Link
                      to="/upload"
                      search={uploadSearch(p.id, draftId)}
                      className="block rounded-lg bg-brand-600 px-3 py-1.5 text-center font-semibold !text-white hover:bg-brand-700"
                    >
                      Select Printer
                    </Link>
                  ) : (
                    <button
                      type="button"
                      disabled
                      className="block w-full cursor-not-allowed rounded-lg bg-slate-200 px-3 py-1.5 font-semibold text-slate-500"
                    >
                      Currently Busy
                    </button>
                  )}
                </div>
              </div>
            </Popup>
          </Marker>
        );
      })}
    </>
  );
}

/**
 * What is in view, asked of the API for the page's filters whenever the map rests (useMapView),
 * drawn as printers and clusters (mapClusters.ts). While a new view loads the last one stays drawn.
 */
function ViewLayer({
  filters,
  keep,
  selectedId,
  onSelect,
  draftId,
  onDrawn,
}: {
  filters: PrinterFilters;
  keep: ((p: ListedPrinter) => boolean) | undefined;
  selectedId: string | null;
  onSelect: (id: string) => void;
  draftId?: string | undefined;
  onDrawn: (count: number) => void;
}) {
  const view = useMapView();
  const answer = useQuery({
    ...printerViewQuery(filters, view ?? { bbox: "", zoom: 0 }),
    enabled: view !== null,
    placeholderData: keepPreviousData,
  });
  const drawn = useMemo(() => {
    const items = (answer.data?.items ?? []).filter(
      (item): item is ServerCluster | Located<ListedPrinter> => "cluster" in item || (located(item) && (keep?.(item) ?? true)),
    );
    return drawnItems(items, view?.zoom ?? 0);
  }, [answer.data, keep, view?.zoom]);
  const total = printersDrawn(drawn);
  useEffect(() => onDrawn(total), [total, onDrawn]);
  const printers = useMemo(() => drawn.flatMap((d: Drawn<Located<ListedPrinter>>) => (d.kind === "printer" ? [d.printer] : [])), [drawn]);
  return (
    <>
      {drawn.map((d) => (d.kind === "cluster" ? <ClusterMarker key={`${d.id}-${d.count}`} {...d} /> : null))}
      <Markers printers={printers} selectedId={selectedId} onSelect={onSelect} draftId={draftId} />
    </>
  );
}

export interface PrinterMapProps {
  /** The list's printers: the map opens on them (and a selected one). */
  printers: Printer[];
  /** The page's filters: the map asks for the printers in view with them. */
  filters?: PrinterFilters;
  /** A check the API cannot make (a project's parts, issue 22), applied to the printers in view. */
  keep?: (p: ListedPrinter) => boolean;
  selectedId?: string | null;
  onSelect?: (id: string | null) => void;
  className?: string;
  /** The design's saved draft, carried by Select Printer (see uploadSearch). */
  draftId?: string;
}

const NO_FILTERS: PrinterFilters = {};

/** The finder's Leaflet map (spec 1 §2): green available, red busy, blue selected; legend; popups. */
export default function PrinterMap({
  printers,
  filters = NO_FILTERS,
  keep,
  selectedId = null,
  onSelect,
  className = "h-[560px]",
  draftId,
}: PrinterMapProps) {
  const [internalSelected, setInternalSelected] = useState<string | null>(selectedId);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [onMap, setOnMap] = useState(0);
  const selectedKey = onSelect ? selectedId : internalSelected;
  const select = (id: string | null) => (onSelect ? onSelect(id) : setInternalSelected(id));
  const onPlaces = useMemo(() => printers.filter(located), [printers]);
  const selected = onPlaces.find((p) => p.id === selectedKey) ?? null;
  const unplaced = printers.length - onPlaces.length;
  const onTileError = useMemo(() => () => setTilesFailed(true), []);

  return (
    <div className="relative">
      <section
        className={`printer-map overflow-hidden rounded-2xl border border-slate-200 ${className}`}
        data-testid="printer-map"
        aria-label="Map of printers"
      >
        <MapContainer
          center={DEFAULT_CENTER}
          zoom={DEFAULT_ZOOM}
          scrollWheelZoom
          style={{
            height: "100%",
            width: "100%",
            // Without tiles (offline, or the tile service down) the markers sit on a faint grid.
            backgroundColor: "#e8eef3",
            backgroundImage: "linear-gradient(#d5dee6 1px, transparent 1px), linear-gradient(90deg, #d5dee6 1px, transparent 1px)",
            backgroundSize: "48px 48px",
          }}
        >
          <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} tileSize={256} />
          <TileStatus onError={onTileError} />
          <FitView printers={onPlaces} selected={selected} />
          <ViewLayer filters={filters} keep={keep} selectedId={selectedKey} onSelect={select} draftId={draftId} onDrawn={setOnMap} />
        </MapContainer>
      </section>
      <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-700">
        <ul className="contents" aria-label="Map legend">
          {(
            [
              ["available", "Available"],
              ["busy", "Busy"],
              ["selected", "Selected"],
              ["cluster", "Several printers (zoom in)"],
            ] as const
          ).map(([kind, label]) => (
            <li key={kind} className="inline-flex items-center gap-2">
              <span
                aria-hidden="true"
                className="inline-block h-3.5 w-3.5 rounded-full border-2 border-white shadow"
                style={{ background: kind === "cluster" ? CLUSTER_COLOR : MARKER_COLORS[kind] }}
              />
              {label}
            </li>
          ))}
        </ul>
        <span className="text-slate-500">
          {onMap} {onMap === 1 ? "printer" : "printers"} on the map
          {unplaced > 0 ? ` (${unplaced} without a location)` : ""}
        </span>
      </div>
      {tilesFailed ? (
        <p className="mt-2 text-sm text-slate-500" role="note">
          Map tiles could not be loaded; printers are shown on a plain background.
        </p>
      ) : null}
    </div>
  );
}
