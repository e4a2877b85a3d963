import L from "leaflet";
import { Marker, useMap } from "react-leaflet";
import { clusterLabel } from "./mapClusters";

export const CLUSTER_COLOR = "#334155";

/** A round marker with the count, wider for more digits. */
function clusterIcon(count: number) {
  const size = 30 + 6 * String(count).length;
  return L.divIcon({
    className: "printer-cluster",
    html: `<span aria-hidden="true" style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:9999px;background:${CLUSTER_COLOR};color:#fff;font:600 14px/1 system-ui,sans-serif;border:3px solid #fff;box-shadow:0 1px 4px rgba(15,23,42,.45)">${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/**
 * Several printers as one marker (issue 23 point 1): a button (Leaflet makes markers focusable and
 * gives them the role) named "12 printers here, zoom in", which zooms in on them until they split,
 * clicked or pressed with Enter or Space.
 */
export function ClusterMarker({
  count,
  latitude,
  longitude,
  expansionZoom,
}: {
  count: number;
  latitude: number;
  longitude: number;
  expansionZoom: number;
}) {
  const map = useMap();
  const label = clusterLabel(count);
  // Always at least one step in, so a press is never lost on a cluster that cannot split further.
  const zoomIn = () => map.setView([latitude, longitude], Math.max(expansionZoom, map.getZoom() + 1));
  return (
    <Marker
      position={[latitude, longitude]}
      icon={clusterIcon(count)}
      title={label}
      zIndexOffset={500}
      eventHandlers={{
        // The icon is a div: Leaflet gives it role=button and the title; the label is its name.
        add: (e) => (e.target as L.Marker).getElement()?.setAttribute("aria-label", label),
        click: zoomIn,
        // Leaflet presses a marker from the keyboard only to open its popup; a cluster has none.
        keydown: (e: L.LeafletKeyboardEvent) => {
          if (e.originalEvent.key !== "Enter" && e.originalEvent.key !== " ") return;
          e.originalEvent.preventDefault();
          zoomIn();
        },
      }}
    />
  );
}
