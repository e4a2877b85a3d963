/** Hard limits that keep analysis bounded in time and memory, whatever the file says. */
export const LIMITS = {
  /** Upload limit (spec 1 §9): 50 MB. */
  maxFileBytes: 52_428_800,
  /** Triangles after 3MF instancing / OBJ triangulation (36 bytes each in memory). */
  maxTriangles: 3_000_000,
  /** Vertices declared in an OBJ or a 3MF mesh. */
  maxVertices: 6_000_000,
  /** Bytes a 3MF may inflate to, all entries we read together. */
  maxInflatedBytes: 160 * 1024 * 1024,
  /** Entries in a 3MF zip. */
  maxZipEntries: 10_000,
  /** Build items plus component references a 3MF places, expanded (each is a transform and a walk). */
  maxPlacements: 100_000,
  /** Component nesting depth in a 3MF. */
  maxComponentDepth: 32,
  /** Largest extent a design may have, in its own units (a metre-long part in micrometres is 1e6). */
  maxExtent: 1e8,
  /** Grid cells of the vertical columns cast through a part (skin and support tables). */
  columnCells: 40_000,
  /** Triangle × grid-cell visits when casting the columns (the grid coarsens to stay under it). */
  columnCrossings: 4_000_000,
  /**
   * The most crossings the columns may make, for sure (their room is placed before they are made):
   * the grid's rounding can make its cells a little smaller than the estimate above assumed, so it is
   * coarsened further only past this.
   */
  columnCrossingsCap: 16_000_000,
} as const;
