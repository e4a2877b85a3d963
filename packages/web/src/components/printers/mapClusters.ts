import Supercluster from "supercluster";

/**
 * What the map draws of a view's answer (issue 23 point 1): the API answers the printers in view,
 * or clusters (`cluster: true`, `count`) where there are too many; here both are clustered again
 * with supercluster, so near printers group and split as one zooms in, and the API's clusters that
 * would overlap on screen merge, their counts added.
 */

/** A cluster as the API answers it (core's printers/view.ts). */
export interface ServerCluster {
  cluster: true;
  id: string;
  count: number;
  latitude: number;
  longitude: number;
  expansionZoom: number;
}

/** What can be placed: a printer with its position. */
export interface Placed {
  id: string;
  latitude: number;
  longitude: number;
}

/** One marker: a printer, or a group with how many printers it holds and the zoom that splits it. */
export type Drawn<P extends Placed> =
  | { kind: "printer"; printer: P }
  | { kind: "cluster"; id: string; count: number; latitude: number; longitude: number; expansionZoom: number };

/**
 * Markers nearer than this many screen pixels group (Leaflet's tiles are 256 px; a printer's
 * marker is 25 px, so groups are of markers that would touch or nearly).
 */
export const CLUSTER_RADIUS_PX = 30;
/**
 * The deepest zoom the site groups printers at: from 14 (core's CLUSTER_MAX_ZOOM, where the API's
 * clusters send the map) every printer has its own marker, and those at one place fan out.
 */
export const CLIENT_CLUSTER_MAX_ZOOM = 13;

type Item<P> = P | ServerCluster;
type Props<P> = { item: Item<P> };
type Sum = { count: number };

const isServerCluster = <P extends Placed>(item: Item<P>): item is ServerCluster => "cluster" in item && item.cluster === true;

/** The markers for a view's items at a map's zoom (a whole number). */
export function drawnItems<P extends Placed>(items: readonly Item<P>[], zoom: number): Drawn<P>[] {
  const index = new Supercluster<Props<P>, Sum>({
    radius: CLUSTER_RADIUS_PX,
    extent: 256,
    maxZoom: CLIENT_CLUSTER_MAX_ZOOM,
    minPoints: 2,
    // A group's count is its printers: one per printer, the API's count per API cluster.
    map: ({ item }) => ({ count: isServerCluster(item) ? item.count : 1 }),
    reduce: (sum, other) => {
      sum.count += other.count;
    },
  });
  index.load(
    items.map((item) => ({
      type: "Feature" as const,
      properties: { item },
      geometry: { type: "Point" as const, coordinates: [item.longitude, item.latitude] },
    })),
  );
  return index.getClusters([-180, -90, 180, 90], Math.round(zoom)).map((feature): Drawn<P> => {
    const [longitude, latitude] = feature.geometry.coordinates as [number, number];
    const props = feature.properties;
    if ("cluster" in props && props.cluster) {
      return {
        kind: "cluster",
        id: `group-${props.cluster_id}`,
        count: props.count,
        latitude,
        longitude,
        expansionZoom: index.getClusterExpansionZoom(props.cluster_id),
      };
    }
    const { item } = props as Props<P>;
    return isServerCluster(item) ? { kind: "cluster", ...item } : { kind: "printer", printer: item };
  });
}

/** How many printers the markers stand for. */
export const printersDrawn = (drawn: readonly Drawn<Placed>[]) => drawn.reduce((n, d) => n + (d.kind === "cluster" ? d.count : 1), 0);

/** The name a cluster's marker is read by (and shows as its tooltip). */
export const clusterLabel = (count: number) => `${count} ${count === 1 ? "printer" : "printers"} here, zoom in`;
