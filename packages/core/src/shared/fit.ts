/**
 * Whether a design fits a printer's build volume. Pure (the web imports it too). The part may
 * be turned on the bed (X and Y swapped), which never changes how it prints; Z is the printed height.
 */
export function fitsBuildVolume(
  box: { x: number; y: number; z: number },
  p: { buildVolumeX: number; buildVolumeY: number; buildVolumeZ: number },
): boolean {
  if (box.z > p.buildVolumeZ) return false;
  return (box.x <= p.buildVolumeX && box.y <= p.buildVolumeY) || (box.y <= p.buildVolumeX && box.x <= p.buildVolumeY);
}

const mm = (n: number) => String(Math.round(n * 10) / 10);
/** A part's size as people read it: "40 × 30 × 20.5 mm" (0.1 mm). */
export const sizeText = (b: { x: number; y: number; z: number }) => `${mm(b.x)} × ${mm(b.y)} × ${mm(b.z)} mm`;
