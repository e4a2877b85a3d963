import { TEST_PIECE_STEPS } from "@printhood/core/shared/quality-test";

/**
 * The test piece seen from above and from the side, with the letters of the dimensions to measure
 * (A-F across the steps, G and H in height), drawn from the piece's own steps. The letters are also
 * in words beside each measurement field; the drawing is a picture of them.
 */
export function TestPieceDrawing() {
  const [base, middle, top] = TEST_PIECE_STEPS as [
    (typeof TEST_PIECE_STEPS)[number],
    (typeof TEST_PIECE_STEPS)[number],
    (typeof TEST_PIECE_STEPS)[number],
  ];
  const s = 4; // px per mm
  const ox = 20;
  const oy = 30;
  const rect = (step: typeof base, fill: string) => (
    <rect
      x={ox + ((base.x - step.x) / 2) * s}
      y={oy + ((base.y - step.y) / 2) * s}
      width={step.x * s}
      height={step.y * s}
      fill={fill}
      stroke="#7c2d12"
    />
  );
  const label = (x: number, y: number, text: string) => (
    <text x={x} y={y} fontSize="14" fontWeight="bold" textAnchor="middle" fill="#0f172a">
      {text}
    </text>
  );
  const sideX = ox + base.x * s + 60;
  const sideY = oy + base.y * s + 10;
  const side = (step: typeof base, fill: string) => (
    <rect
      x={sideX + ((base.x - step.x) / 2) * s}
      y={sideY - step.z1 * s}
      width={step.x * s}
      height={(step.z1 - step.z0) * s}
      fill={fill}
      stroke="#7c2d12"
    />
  );
  return (
    <svg
      role="img"
      aria-label="The test piece from above (A to F: the three steps' lengths along X and widths along Y) and from the side (G: the bottom step's height, H: the total height)"
      viewBox={`0 0 ${sideX + base.x * s + 50} ${oy + base.y * s + 40}`}
      className="h-auto w-full max-w-2xl"
    >
      <text x={ox} y={18} fontSize="13" fill="#475569">
        From above
      </text>
      {rect(base, "#fdba74")}
      {rect(middle, "#fb923c")}
      {rect(top, "#f97316")}
      {label(ox + (base.x * s) / 2, oy + base.y * s + 18, "A")}
      {label(ox - 10, oy + (base.y * s) / 2 + 5, "B")}
      {label(ox + (base.x * s) / 2, oy + ((base.y - middle.y) / 2) * s + 14, "C")}
      {label(ox + ((base.x - middle.x) / 2) * s + 10, oy + (base.y * s) / 2 + 5, "D")}
      {label(ox + (base.x * s) / 2, oy + (base.y * s) / 2 + 5, "E")}
      {label(ox + ((base.x + top.x) / 2) * s - 10, oy + (base.y * s) / 2 + 5, "F")}
      <text x={sideX} y={18} fontSize="13" fill="#475569">
        From the side
      </text>
      {side(base, "#fdba74")}
      {side(middle, "#fb923c")}
      {side(top, "#f97316")}
      {label(sideX + base.x * s + 14, sideY - ((base.z1 - base.z0) * s) / 2 + 5, "G")}
      {label(sideX + base.x * s + 34, sideY - (top.z1 * s) / 2 + 5, "H")}
      <line x1={sideX + base.x * s + 26} y1={sideY} x2={sideX + base.x * s + 26} y2={sideY - top.z1 * s} stroke="#0f172a" />
    </svg>
  );
}
