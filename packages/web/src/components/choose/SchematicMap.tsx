import { Link } from "@tanstack/react-router";
import { Fragment, type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import type { Printer } from "../../api/types";
import { VerifiedBadge } from "../printers/VerifiedBadge";
import { clampZoom, markerPosition, ZOOM } from "./schematicMap";

type View = "roads" | "satellite" | "terrain";

const BACKGROUNDS: Record<View, string> = {
  roads:
    "linear-gradient(90deg, rgba(148,163,184,.35) 2px, transparent 2px) 0 0 / 80px 80px, linear-gradient(0deg, rgba(148,163,184,.35) 2px, transparent 2px) 0 0 / 80px 80px, #f1f5f9",
  satellite:
    "radial-gradient(circle at 30% 40%, #3f6212 0, transparent 35%), radial-gradient(circle at 70% 65%, #365314 0, transparent 30%), linear-gradient(135deg, #1e3a2a, #14532d 60%, #1f2937)",
  terrain: "repeating-radial-gradient(circle at 40% 45%, #e7e5d8 0 18px, #d9d4bd 18px 20px), #ede9d5",
};

/** A schematic (no tiles) map of the region with the printers as markers. */
export function SchematicMap({
  printers,
  draftId,
  selectedId,
  onSelect,
}: {
  printers: Printer[];
  draftId?: string | undefined;
  selectedId: string | null;
  onSelect(id: string | null): void;
}) {
  const [view, setView] = useState<View>("roads");
  const [zoom, setZoom] = useState<number>(ZOOM.initial);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; pan: { x: number; y: number }; moved: boolean } | null>(null);

  // wheel zoom needs a non-passive listener to keep the page from scrolling
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      setZoom((z) => clampZoom(z * (e.deltaY < 0 ? ZOOM.wheelIn : ZOOM.wheelOut)));
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, []);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest("button,a")) return;
    drag.current = { x: e.clientX, y: e.clientY, pan, moved: false };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    const el = frame.current;
    if (!d || !el) return;
    const dx = ((e.clientX - d.x) / el.clientWidth) * 100;
    const dy = ((e.clientY - d.y) / el.clientHeight) * 100;
    if (Math.abs(dx) + Math.abs(dy) > 0.5) d.moved = true;
    setPan({ x: d.pan.x + dx, y: d.pan.y + dy });
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  // Escape (on the open marker or in its details) closes the details and puts focus back on the marker.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== "Escape" || !selectedId) return;
    e.stopPropagation();
    const marker = frame.current?.querySelector<HTMLButtonElement>('[data-testid="map-marker"][aria-pressed="true"]');
    onSelect(null);
    marker?.focus();
  };

  const placed = printers.filter((p) => p.latitude !== null && p.longitude !== null);
  const selected = placed.find((p) => p.id === selectedId) ?? null;
  const btn = "rounded-md bg-white px-2.5 py-1 text-sm font-semibold text-slate-700 shadow ring-1 ring-slate-200 hover:bg-slate-50";

  return (
    <section aria-label="Printer map" className="relative h-[600px] overflow-hidden rounded-2xl border border-slate-200 shadow-sm">
      <div
        ref={frame}
        data-testid="schematic-map"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        className="absolute inset-0 cursor-grab touch-none select-none active:cursor-grabbing"
        style={{ background: BACKGROUNDS[view], backgroundPosition: `${pan.x * 4}px ${pan.y * 4}px` }}
      >
        {placed.map((p) => {
          const pos = markerPosition(p.latitude!, p.longitude!, zoom, pan);
          const isSel = p.id === selectedId;
          return (
            <Fragment key={p.id}>
              <button
                type="button"
                aria-label={`${p.name}, ${p.location}`}
                aria-pressed={isSel}
                aria-expanded={isSel}
                onClick={() => onSelect(isSel ? null : p.id)}
                onKeyDown={onKeyDown}
                className={`absolute -translate-x-1/2 -translate-y-full rounded-full border-2 border-white shadow-lg ${isSel ? "z-20 h-9 w-9 bg-blue-600" : p.isAvailable ? "z-10 h-7 w-7 bg-emerald-500" : "z-10 h-7 w-7 bg-red-500"}`}
                style={{ left: `${pos.left}%`, top: `${pos.top}%` }}
                data-testid="map-marker"
              >
                <span aria-hidden="true" className="block text-xs font-bold text-white">
                  ●
                </span>
              </button>
              {/* The marker's details right after it in the page's order, so Tab goes from the marker to its
                  Select Printer link; a card on the map, not a modal dialog: Escape closes it (onKeyDown). */}
              {isSel && selected ? (
                <MarkerDetails printer={selected} draftId={draftId} zoom={zoom} pan={pan} onKeyDown={onKeyDown} />
              ) : null}
            </Fragment>
          );
        })}
      </div>

      <fieldset className="absolute left-3 top-3 z-40 flex gap-1 rounded-lg bg-white/90 p-1 shadow" aria-label="Map view">
        {(["roads", "satellite", "terrain"] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => setView(v)}
            className={`rounded-md px-2.5 py-1 text-sm font-medium capitalize ${view === v ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {v}
          </button>
        ))}
      </fieldset>
      <div className="absolute right-3 top-3 z-40 flex flex-col gap-1">
        <button type="button" aria-label="Zoom in" className={btn} onClick={() => setZoom((z) => clampZoom(z * ZOOM.buttonIn))}>
          +
        </button>
        <button type="button" aria-label="Zoom out" className={btn} onClick={() => setZoom((z) => clampZoom(z * ZOOM.buttonOut))}>
          −
        </button>
        <button
          type="button"
          aria-label="Reset map"
          className={btn}
          onClick={() => {
            setZoom(ZOOM.reset);
            setPan({ x: 0, y: 0 });
          }}
        >
          ⟲
        </button>
      </div>
      <section
        className="absolute bottom-3 left-3 z-40 rounded-lg bg-white/95 px-3 py-2 text-xs text-slate-700 shadow"
        aria-label="Map legend"
      >
        <p className="font-semibold">
          Zoom: {zoom.toFixed(1)}x · {placed.length} {placed.length === 1 ? "printer" : "printers"}
        </p>
        <p className="mt-1 flex gap-3">
          <span className="flex items-center gap-1">
            <span className="h-2.5 w-2.5 rounded-full bg-emerald-500" /> Available
          </span>
          <span className="flex items-center gap-1">
            <span className="h-2.5 w-2.5 rounded-full bg-red-500" /> Busy
          </span>
          <span className="flex items-center gap-1">
            <span className="h-2.5 w-2.5 rounded-full bg-blue-600" /> Selected
          </span>
        </p>
      </section>
    </section>
  );
}

function MarkerDetails({
  printer,
  draftId,
  zoom,
  pan,
  onKeyDown,
}: {
  printer: Printer;
  draftId?: string | undefined;
  zoom: number;
  pan: { x: number; y: number };
  onKeyDown(e: KeyboardEvent<HTMLElement>): void;
}) {
  const pos = markerPosition(printer.latitude!, printer.longitude!, zoom, pan);
  return (
    <section
      aria-label={`${printer.name} details`}
      className="absolute z-30 w-56 -translate-x-1/2 rounded-xl bg-white p-3 text-sm shadow-xl ring-1 ring-slate-200"
      style={{ left: `${Math.min(80, Math.max(20, pos.left))}%`, top: `${Math.min(70, pos.top + 2)}%` }}
    >
      <p className="font-semibold text-slate-900">{printer.name}</p>
      <p className="text-slate-600">{printer.model}</p>
      <p className="text-slate-600">{printer.location}</p>
      <VerifiedBadge verified={printer.verified} />
      <Link
        to="/submit-print"
        search={{ printerId: printer.id, ...(draftId ? { draftId } : {}) }}
        onKeyDown={onKeyDown}
        className="mt-2 block rounded-lg bg-brand-600 px-3 py-1.5 text-center font-semibold text-white hover:bg-brand-700"
      >
        Select Printer
      </Link>
    </section>
  );
}
