import { describe, expect, it } from "vitest";
import { bboxParam, mapZoom, roundedBox } from "../src/components/printers/mapBox";
import {
  CLIENT_CLUSTER_MAX_ZOOM,
  clusterLabel,
  drawnItems,
  printersDrawn,
  type ServerCluster,
} from "../src/components/printers/mapClusters";

// The map's pure parts (issue 23 point 1): the box it asks GET /api/printers for, and how it groups
// what the API answers. Leaflet itself needs a real browser (packages/local/e2e/printers.e2e.ts).

describe("roundedBox: a view rounded outward to a quarter tile of its zoom", () => {
  it.each([
    // zoom 10: a quarter tile is 360 / 2^12 = 0.087890625°
    {
      name: "a town at zoom 10 grows to the grid around it",
      view: { west: -105.2, south: 40.3, east: -104.9, north: 40.5 },
      zoom: 10,
      box: { west: -105.205078, south: 40.253906, east: -104.853516, north: 40.517578 },
    },
    {
      name: "a view on grid lines stays as it is",
      view: { west: -90, south: 0, east: 90, north: 45 },
      zoom: 2,
      box: { west: -90, south: 0, east: 90, north: 45 },
    },
    {
      name: "a view wider than the world asks for all of it, within Web Mercator's latitudes",
      view: { west: -400, south: -89, east: 400, north: 89 },
      zoom: 0,
      box: { west: -180, south: -85.0511, east: 180, north: 85.0511 },
    },
    {
      name: "a view panned past the antimeridian wraps, west > east",
      view: { west: 170, south: 10, east: 190, north: 20 },
      zoom: 4,
      box: { west: 168.75, south: 5.625, east: -168.75, north: 22.5 },
    },
    {
      name: "a fractional zoom (pinch) rounds to the API's whole zoom",
      view: { west: 0.01, south: 0.01, east: 0.02, north: 0.02 },
      zoom: 15.6,
      box: { west: 0.009613, south: 0.009613, east: 0.020599, north: 0.020599 },
    },
  ])("$name", ({ view, zoom, box }) => {
    expect(roundedBox(view, zoom)).toEqual(box);
  });

  it("gives one box (one cached question) for small pans within the grid", () => {
    const a = roundedBox({ west: -105.2, south: 40.3, east: -104.9, north: 40.5 }, 10);
    const b = roundedBox({ west: -105.19, south: 40.31, east: -104.88, north: 40.49 }, 10);
    expect(bboxParam(b)).toBe(bboxParam(a));
  });

  it.each([
    [-3, 0],
    [9.4, 9],
    [30, 22],
  ])("mapZoom(%d) is the API's whole zoom %d", (zoom, whole) => {
    expect(mapZoom(zoom)).toBe(whole);
  });

  it("writes the bbox parameter west,south,east,north", () => {
    expect(bboxParam({ west: -105.5, south: 40, east: -104.5, north: 41 })).toBe("-105.5,40,-104.5,41");
  });
});

describe("drawnItems: printers and the API's clusters, grouped with supercluster", () => {
  const printer = (id: string, latitude: number, longitude: number) => ({ id, latitude, longitude });
  const serverCluster = (id: string, count: number, latitude: number, longitude: number): ServerCluster => ({
    cluster: true,
    id,
    count,
    latitude,
    longitude,
    expansionZoom: 8,
  });
  // Loveland and Fort Collins are ~20 km apart: ~15 px at zoom 7, ~240 px at zoom 11.
  const loveland = [printer("a", 40.3978, -105.0748), printer("b", 40.3979, -105.0749), printer("c", 40.398, -105.075)];
  const fortCollins = printer("d", 40.5853, -105.0844);

  it.each([
    { zoom: 7, shown: [{ kind: "cluster", count: 4 }] },
    { zoom: 11, shown: [{ kind: "cluster", count: 3 }, { kind: "printer" }] },
    { zoom: CLIENT_CLUSTER_MAX_ZOOM, shown: [{ kind: "cluster", count: 3 }, { kind: "printer" }] },
    { zoom: CLIENT_CLUSTER_MAX_ZOOM + 1, shown: [{ kind: "printer" }, { kind: "printer" }, { kind: "printer" }, { kind: "printer" }] },
  ])("at zoom $zoom near printers group and split as one zooms in", ({ zoom, shown }) => {
    const drawn = drawnItems([...loveland, fortCollins], zoom);
    const summary = drawn.map((d) => (d.kind === "cluster" ? { kind: d.kind, count: d.count } : { kind: d.kind }));
    expect(summary.sort((x, y) => x.kind.localeCompare(y.kind))).toEqual(shown);
    expect(printersDrawn(drawn)).toBe(4);
  });

  it("a group's expansion zoom is the zoom at which it splits", () => {
    const [group] = drawnItems(loveland, 7);
    expect(group?.kind).toBe("cluster");
    const at = group?.kind === "cluster" ? group.expansionZoom : 0;
    expect(at).toBeGreaterThan(7);
    expect(drawnItems(loveland, at).length).toBeGreaterThan(1);
  });

  it("keeps an API cluster alone as it came (its count and zoom), and adds the counts of those that overlap", () => {
    const alone = drawnItems([serverCluster("cell-9xj", 120, 40, -105)], 5);
    expect(alone).toEqual([
      { kind: "cluster", cluster: true, id: "cell-9xj", count: 120, latitude: 40, longitude: -105, expansionZoom: 8 },
    ]);
    const merged = drawnItems(
      [serverCluster("cell-9xj", 120, 40, -105), serverCluster("cell-9xm", 30, 40.2, -105.1), printer("e", 40.1, -105)],
      5,
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ kind: "cluster", count: 151 });
  });

  it("draws nothing for an empty view", () => {
    expect(drawnItems([], 10)).toEqual([]);
  });

  it.each([
    [1, "1 printer here, zoom in"],
    [12, "12 printers here, zoom in"],
  ])("names a cluster of %d: %s", (count, label) => {
    expect(clusterLabel(count)).toBe(label);
  });
});
