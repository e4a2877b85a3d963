/** The analysis kernels: what runs over every triangle, compiled to WebAssembly (src/analysis/kernels.ts loads it). */
export { contourShare, islandsAt, supportColumns, supportOutline, walkColumns } from "./columns";
export { measureBlocksInit } from "./measures";
export { profilePass } from "./profile";
export { countCells, countsToStarts, rasterPass, scatterCrossings } from "./raster";
export {
  edgeCountPass,
  edgeFillPass,
  edgeScanPass,
  identity,
  labelPass,
  runningSums,
  shellRangePass,
  shellVolumePass,
  unionPass,
} from "./topology";
export { recentBytes, weldTriangles } from "./weld";
