import { useEffect, useState } from "react";
import { useMap } from "react-leaflet";
import { bboxParam, mapZoom, roundedBox } from "./mapBox";

/** How long the map must rest before its view is asked for: a drag or a wheel's zooms ask once. */
export const VIEW_DEBOUNCE_MS = 250;

export interface MapView {
  bbox: string;
  zoom: number;
}

/**
 * The map's rounded view (mapBox.ts), read when it has rested after moving or zooming (Leaflet
 * fires moveend after zoomend too). Null until the first rest, so the view the map opens at
 * before fitting its printers is never asked for.
 */
export function useMapView(): MapView | null {
  const map = useMap();
  const [view, setView] = useState<MapView | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      const b = map.getBounds();
      const zoom = mapZoom(map.getZoom());
      const bbox = bboxParam(roundedBox({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }, zoom));
      setView((old) => (old?.bbox === bbox && old.zoom === zoom ? old : { bbox, zoom }));
    };
    const rested = () => {
      clearTimeout(timer);
      timer = setTimeout(read, VIEW_DEBOUNCE_MS);
    };
    map.on("moveend", rested);
    rested();
    return () => {
      clearTimeout(timer);
      map.off("moveend", rested);
    };
  }, [map]);
  return view;
}
