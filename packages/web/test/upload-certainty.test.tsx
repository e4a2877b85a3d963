import { describeEstimate, measureDesign } from "@printhood/core/analysis/index";
import { formatCents } from "@printhood/core/shared/pricing";
import { measureAtSettings, quotePriceRange } from "@printhood/core/shared/quote";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatGrams } from "../src/lib/format";
import { customer, jobFixture, uploadFixture } from "./fixtures";
import { json, renderApp, waitForShell } from "./helpers";
import { box } from "./meshes";

/**
 * The upload page says how sure the estimate is (issue 25 point 4): a likely range beside the
 * weight, the time and the total always, and in plain words, when the estimate is less certain than
 * usual, why and by how much. The analyses are core's own, of meshes made here.
 */
function renderDraftWith(bytes: Uint8Array) {
  const geometry = measureDesign(bytes, "box.stl");
  const upload = uploadFixture({ status: "analyzed", analysis: { geometry, estimate: describeEstimate(geometry) } });
  renderApp("/upload?draft=d-1", {
    user: customer,
    routes: { "GET /api/drafts/d-1": () => json(jobFixture()), "GET /api/uploads/u-1": () => json(upload) },
  });
  return geometry;
}

describe("how sure the estimate is, on the upload page", () => {
  it("a closed 30 mm box: the likely weight, time and price beside the figures, no warning", async () => {
    const g = renderDraftWith(box(30));
    await waitForShell();
    expect(await screen.findByText("Confirmed by our server's analysis", {}, { timeout: 5000 })).toBeInTheDocument();
    const a = describeEstimate(g, { material: "PLA", infill: 20, layerHeight: 0.2, supports: "auto" });
    expect(a.range.level).toBe("typical");
    expect(screen.getByText(`likely ${formatGrams(a.range.grams.low)} to ${formatGrams(a.range.grams.high)}`)).toBeInTheDocument();
    expect(screen.queryByRole("note", { name: "How sure this estimate is" })).toBeNull();
    const m = measureAtSettings(g, { material: "PLA", quality: 0.2, infill: 20, supports: "auto" }, { bytes: 1, format: "stl" });
    const r = quotePriceRange(m, { material: "PLA", deliveryMethod: "pickup" })!;
    expect(r.highCents).toBeGreaterThan(r.lowCents);
    const line = await screen.findByText("Likely range", {}, { timeout: 5000 });
    expect(within(line.parentElement!).getByText(`${formatCents(r.lowCents)} to ${formatCents(r.highCents)}`)).toBeInTheDocument();
  });

  it("the same box with a side missing: less certain, why, and by how much in grams, time and price", async () => {
    const g = renderDraftWith(box(30, true));
    await waitForShell();
    const note = await screen.findByRole("note", { name: "How sure this estimate is" }, { timeout: 5000 });
    const a = describeEstimate(g, { material: "PLA", infill: 20, layerHeight: 0.2, supports: "auto" });
    expect(a.range.level).toBe("less-certain");
    expect(a.range.reasons).toContain("open_mesh");
    expect(note).toHaveTextContent(/This estimate is less certain than usual \(about ±\d+%\)/);
    expect(note).toHaveTextContent("the model has holes in its surface");
    expect(note).toHaveTextContent(`Expect ${formatGrams(a.range.grams.low)} to ${formatGrams(a.range.grams.high)} of filament`);
    expect(note).toHaveTextContent(/so the price may come to \$\d+\.\d\d to \$\d+\.\d\d\./);
  });
});

describe("a design with nothing to print", () => {
  it("a flat square (no volume) is saved but not offered for ordering, saying why", async () => {
    const square = new DataView(new ArrayBuffer(84 + 2 * 50));
    square.setUint32(80, 2, true);
    [
      [0, 0, 0, 40, 0, 0, 40, 40, 0],
      [0, 0, 0, 40, 40, 0, 0, 40, 0],
    ].forEach((t, i) => {
      for (const [k, c] of t.entries()) square.setFloat32(84 + i * 50 + 12 + k * 4, c, true);
    });
    renderDraftWith(new Uint8Array(square.buffer));
    await waitForShell();
    const choose = await screen.findByRole("button", { name: "Choose Printer" });
    await screen.findByText("Confirmed by our server's analysis", {}, { timeout: 5000 });
    expect(choose).toBeDisabled();
    expect(choose).toHaveAccessibleDescription(
      "box.stl has nothing to print: it has no measurable volume (a flat surface, faces that do not enclose anything, or a part too small to print, often one drawn in inches, centimetres or metres and read as millimetres). Please upload a solid model, or rescale it.",
    );
    expect(screen.getByRole("button", { name: "Save Print" })).toBeEnabled();
  });
});
