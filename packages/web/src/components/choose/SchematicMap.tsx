import { Link } from "@tanstack/react-router";
import { Fragment, type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import type { Printer } from "../../api/types";
import { VerifiedBadge } from "../printers/VerifiedBadge";
import { clampZoom, fanOut, markerPosition, ZOOM } from "./schematicMap";

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
  unselectable = () => null,
}: {
  printers: Printer[];
  draftId?: string | undefined;
  selectedId: string | null;
  onSelect(id: string | null): void;
  /** Why a printer's Select Printer is not offered (its list card's reason), or null when it is. */
  unselectable?: (p: Printer) => string | null;
}) {
  const [view, setView] = useState<View>("roads");
  const [zoom, setZoom] = useState<number>(ZOOM.initial);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const frame = useRef<HTMLDivElement>(null);
  // The frame's size in pixels, to keep a fanned-out ring of markers inside it.
  const [size, setSize] = useState<{ width: number; height: number } | undefined>(undefined);
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
    const measure = () => setSize(el.clientWidth > 0 ? { width: el.clientWidth, height: el.clientHeight } : undefined);
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener("wheel", onWheel);
      observer?.disconnect();
    };
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
  const positions = placed.map((p) => markerPosition(p.latitude!, p.longitude!, zoom, pan));
  // Printers at one spot (one address, or clamped to the same edge point) fanned out around it.
  const offsets = fanOut(positions, size);
  const selected = placed.find((p) => p.id === selectedId) ?? null;
  const btn = "rounded-md bg-white px-2.5 py-1 text-sm font-semibold text-slate-700 shadow ring-1 ring-slate-200 hover:bg-slate-50";

  return (
    // The controls and the legend sit above and below the map's frame, never over a marker.
    <section aria-label="Printer map" className="flex h-[600px] flex-col overflow-hidden rounded-2xl border border-slate-200 shadow-sm">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 bg-white p-2">
        <fieldset className="flex gap-1" aria-label="Map view">
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
        <div className="flex gap-1">
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
      </div>
      <div
        ref={frame}
        data-testid="schematic-map"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        className="relative flex-1 cursor-grab touch-none select-none overflow-hidden active:cursor-grabbing"
        style={{ background: BACKGROUNDS[view], backgroundPosition: `${pan.x * 4}px ${pan.y * 4}px` }}
      >
        {placed.map((p, i) => {
          const pos = positions[i]!;
          const { dx, dy } = offsets[i]!;
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
                style={{ left: `${pos.left}%`, top: `${pos.top}%`, marginLeft: dx, marginTop: dy }}
                data-testid="map-marker"
              >
                <span aria-hidden="true" className="block text-xs font-bold text-white">
                  ●
                </span>
              </button>
              {/* The marker's details right after it in the page's order, so Tab goes from the marker to its
                  Select Printer link; a card on the map, not a modal dialog: Escape closes it (onKeyDown). */}
              {isSel && selected ? (
                <MarkerDetails
                  printer={selected}
                  at={pos}
                  offset={offsets[i]!}
                  draftId={draftId}
                  blocked={unselectable(selected)}
                  onKeyDown={onKeyDown}
                />
              ) : null}
            </Fragment>
          );
        })}
      </div>

      <section
        className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-white px-3 py-2 text-xs text-slate-700"
        aria-label="Map legend"
      >
        <p className="font-semibold">
          Zoom: {zoom.toFixed(1)}x · {placed.length} {placed.length === 1 ? "printer" : "printers"}
        </p>
        <p className="flex gap-3">
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
  at,
  offset,
  draftId,
  blocked,
  onKeyDown,
}: {
  printer: Printer;
  /** Where its marker's point is (percent of the frame) and the marker's fan-out offset (pixels). */
  at: { left: number; top: number };
  offset: { dx: number; dy: number };
  draftId?: string | undefined;
  /** Why it cannot be selected (then no Select Printer link, as its list card's button is disabled). */
  blocked: string | null;
  onKeyDown(e: KeyboardEvent<HTMLElement>): void;
}) {
  return (
    <section
      aria-label={`${printer.name} details`}
      className="absolute z-30 w-56 -translate-x-1/2 rounded-xl bg-white p-3 text-sm shadow-xl ring-1 ring-slate-200"
      style={{
        left: `${Math.min(80, Math.max(20, at.left))}%`,
        top: `${Math.min(70, at.top + 2)}%`,
        marginLeft: offset.dx,
        marginTop: offset.dy,
      }}
    >
      <p className="font-semibold text-slate-900">{printer.name}</p>
      <p className="text-slate-600">{printer.model}</p>
      <p className="text-slate-600">{printer.location}</p>
      <VerifiedBadge verified={printer.verified} />
      {blocked ? (
        <p className="mt-2 font-medium text-amber-700">{blocked}</p>
      ) : (
        <Link
          to="/submit-print"
          search={{ printerId: printer.id, ...(draftId ? { draftId } : {}) }}
          onKeyDown={onKeyDown}
          className="mt-2 block rounded-lg bg-brand-600 px-3 py-1.5 text-center font-semibold text-white hover:bg-brand-700"
        >
          Select Printer
        </Link>
      )}
    </section>
  );
}
