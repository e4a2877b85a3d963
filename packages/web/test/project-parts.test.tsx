import { describeEstimate, measureDesign } from "@printhood/core/analysis/index";
import { SCALE_WORDS } from "@printhood/core/shared/parts";
import { formatCents } from "@printhood/core/shared/pricing";
import { measureAtSettings, quoteProject } from "@printhood/core/shared/quote";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Job } from "../src/api/types";
import { PrinterChoiceCard } from "../src/components/choose/PrinterChoiceCard";
import { customer, jobFixture, printerFixture, uploadFixture } from "./fixtures";
import { currentPath, json, renderApp, waitForShell } from "./helpers";
import { box } from "./meshes";

/** Ada's saved project: box.stl × 3 and lid.stl × 1 (the lid a saved part with its own figures). */
function projectDraft(): Job {
  const base = jobFixture({ estimatedFromSize: true });
  const box = { ...base.parts[0]!, quantity: 3 };
  const lid = { ...box, number: 2, uploadId: "u-2", fileName: "lid.stl", quantity: 1, filamentColor: "Red" };
  return { ...base, fileName: "box.stl + 1 more", parts: [box, lid] };
}

describe("a saved print of several parts on the upload page", () => {
  it("shows each part with its Quantity, refuses a quantity out of bounds with a sentence, and saves a removed part's absence", async () => {
    const { calls } = renderApp("/upload?draft=d-1", {
      user: customer,
      routes: {
        "GET /api/drafts/d-1": () => json(projectDraft()),
        "GET /api/uploads/u-1": () => json(uploadFixture({ status: "failed", error: { code: "x", message: "Broken file." } })),
        "PUT /api/drafts/d-1": () => json(jobFixture()),
      },
    });
    await waitForShell();
    const parts = await screen.findByRole("region", { name: "Project Parts" });
    const box = within(parts).getByRole("listitem", { name: "Part 1: box.stl" });
    const lid = within(parts).getByRole("listitem", { name: "Part 2: lid.stl" });
    await waitFor(() => expect(within(box).getByLabelText("Quantity")).toHaveValue(3));
    expect(within(lid).getByLabelText("Quantity")).toHaveValue(1);
    expect(within(lid).getByLabelText("Color (part 2)")).toHaveValue("Red");
    // two price lines, one per part
    await waitFor(() => expect(screen.getAllByTestId("part-line-total")).toHaveLength(2));

    fireEvent.change(within(box).getByLabelText("Quantity"), { target: { value: "1001" } });
    expect(within(parts).getByRole("alert")).toHaveTextContent("Quantity must be a whole number from 1 to 1,000.");
    fireEvent.click(screen.getByRole("button", { name: "Save Print" }));
    expect(await screen.findAllByText("Quantity must be a whole number from 1 to 1,000.")).toHaveLength(2);
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    fireEvent.change(within(box).getByLabelText("Quantity"), { target: { value: "5" } });
    fireEvent.click(within(lid).getByRole("button", { name: "Remove part 2 (lid.stl)" }));
    expect(within(parts).queryByRole("listitem", { name: "Part 2: lid.stl" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save Print" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")!.body).toMatchObject({ parts: [{ uploadId: "u-1", quantity: 5 }] });
  });
});

describe("a saved project with a part the server could not analyse", () => {
  it("is not offered for ordering, names that part (not the first file), and is saved to Saved Prints", async () => {
    const base = jobFixture();
    const box = base.parts[0]!;
    const broken = {
      ...box,
      number: 2,
      uploadId: "u-2",
      fileName: "broken.stl",
      estimatedFromSize: true,
      boundingBox: null,
      printedSize: null,
    };
    // the server's project: any part estimated from its size marks the whole print so
    const project: Job = { ...base, fileName: "box.stl + 1 more", estimatedFromSize: true, parts: [box, broken] };
    const { calls, router } = renderApp("/upload?draft=d-1", {
      user: customer,
      routes: {
        "GET /api/drafts/d-1": () => json(project),
        "GET /api/uploads/u-1": () => json(uploadFixture({ status: "analyzed" })),
        "PUT /api/drafts/d-1": () => json(project),
      },
    });
    await waitForShell();
    const parts = await screen.findByRole("region", { name: "Project Parts" });
    await waitFor(() => expect(within(parts).getByRole("listitem", { name: "Part 2: broken.stl" })).toBeInTheDocument());
    const choose = screen.getByRole("button", { name: "Choose Printer" });
    expect(choose).toBeDisabled();
    expect(choose).toHaveAccessibleDescription(
      "We could not analyse part 2 (broken.stl), so this print can be saved but not ordered. Please upload a repaired file or remove the part.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Save Print" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    await waitFor(() => expect(currentPath(router)).toBe("/saved-prints"));
  });
});

describe("adding a file that cannot be a part", () => {
  it("refuses a file of another type with the spec's sentence naming it, adding no part and uploading nothing", async () => {
    const { calls } = renderApp("/upload?draft=d-1", {
      user: customer,
      routes: {
        "GET /api/drafts/d-1": () => json(jobFixture()),
        "GET /api/uploads/u-1": () => json(uploadFixture({ status: "analyzed" })),
      },
    });
    await waitForShell();
    const parts = await screen.findByRole("region", { name: "Project Parts" });
    fireEvent.change(within(parts).getByLabelText("Add parts"), {
      target: { files: [new File(["hello"], "notes.txt", { type: "text/plain" })] },
    });
    expect(await screen.findByText("Part Not Added")).toBeInTheDocument();
    expect(screen.getByText("notes.txt: Invalid file type. Only STL, OBJ, and 3MF files are allowed.")).toBeInTheDocument();
    expect(within(parts).queryByRole("listitem", { name: "Part 2: notes.txt" })).toBeNull();
    expect(screen.queryAllByTestId("part-line-total")).toHaveLength(0); // not priced as a line either
    expect(calls.some((c) => c.path === "/api/uploads")).toBe(false);
  });
});

describe("a part's own print settings on the upload page", () => {
  it("prints the lid finer, fuller and at half size: measured again from its upload, priced by core, saved with the part", async () => {
    const geometry = measureDesign(box(40), "lid.stl");
    const lidUpload = uploadFixture({
      id: "u-2",
      fileName: "lid.stl",
      status: "analyzed",
      analysis: { geometry, estimate: describeEstimate(geometry) },
    });
    const { calls } = renderApp("/upload?draft=d-1", {
      user: customer,
      routes: {
        "GET /api/drafts/d-1": () => json(projectDraft()),
        "GET /api/uploads/u-1": () => json(uploadFixture({ status: "failed", error: { code: "x", message: "Broken file." } })),
        "GET /api/uploads/u-2": () => json(lidUpload),
        "PUT /api/drafts/d-1": () => json(jobFixture()),
      },
    });
    await waitForShell();
    const parts = await screen.findByRole("region", { name: "Project Parts" });
    const lid = within(parts).getByRole("listitem", { name: "Part 2: lid.stl" });
    await waitFor(() => expect(screen.getAllByTestId("part-line-total")).toHaveLength(2));
    const before = screen.getAllByTestId("part-line-total")[1]!.textContent;
    // As saved, nothing is read again.
    expect(calls.some((c) => c.path === "/api/uploads/u-2")).toBe(false);
    expect(within(lid).getByText(/Print settings of part 2: 0.2 mm layers, 20% infill, supports auto, scale 100%/)).toBeInTheDocument();

    fireEvent.change(within(lid).getByLabelText("Layer Height (part 2)"), { target: { value: "0.1" } });
    fireEvent.change(within(lid).getByLabelText("Infill (part 2)"), { target: { value: "30" } });
    fireEvent.change(within(lid).getByLabelText("Scale % (part 2)"), { target: { value: "50" } });
    expect(within(lid).getByText(/Print settings of part 2: 0.1 mm layers, 30% infill, supports auto, scale 50%/)).toBeInTheDocument();

    const measured = measureAtSettings(
      geometry,
      { material: "PLA", quality: 0.1, infill: 30, supports: "auto", scale: 0.5 },
      { bytes: 1, format: "stl" },
    );
    const expected = quoteProject([{ measured, material: "PLA", quantity: 1 }], { deliveryMethod: "pickup" }).lines[0]!.lineTotalCents;
    await waitFor(() => expect(screen.getAllByTestId("part-line-total")[1]).toHaveTextContent(formatCents(expected)));
    expect(screen.getAllByTestId("part-line-total")[1]!.textContent).not.toBe(before);

    // A scale out of bounds is refused with core's sentence and nothing is saved.
    fireEvent.change(within(lid).getByLabelText("Scale % (part 2)"), { target: { value: "0" } });
    expect(within(parts).getByRole("alert")).toHaveTextContent(SCALE_WORDS);
    fireEvent.click(screen.getByRole("button", { name: "Save Print" }));
    expect(await screen.findAllByText(SCALE_WORDS)).toHaveLength(2);
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    fireEvent.change(within(lid).getByLabelText("Scale % (part 2)"), { target: { value: "50" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Print" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")!.body).toMatchObject({
      parts: [
        { uploadId: "u-1", quantity: 3 },
        {
          uploadId: "u-2",
          quantity: 1,
          material: "PLA",
          filamentColor: "Red",
          printSettings: { quality: 0.1, infill: 30, supports: "auto", scale: 0.5 },
        },
      ],
    });
  });
});

describe("a printer card for a project", () => {
  it("says which part a printer cannot make and cannot be selected; shows the lead time and the quantity discounts", () => {
    const draft = projectDraft();
    draft.parts[1]!.boundingBox = { x: 300, y: 40, z: 4 };
    const small = printerFixture({ quantityDiscounts: [{ minQuantity: 10, percent: 10 }], queueMinutes: 30 * 60 });
    render(
      <ul>
        <PrinterChoiceCard printer={small} draft={draft} selected={false} onSelect={() => {}} />
      </ul>,
    );
    expect(screen.getByText(/^Part 2 \(lid\.stl\) \(300 × 40 × 4 mm\) does not fit Maria's Prusa's build volume/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Select Printer Maria's Prusa" })).toBeDisabled();
    expect(screen.getByText("Ready in about 3 days")).toBeInTheDocument();
    expect(screen.getByText("Quantity discounts: 10% off from 10 copies")).toBeInTheDocument();
  });
});

describe("the finder for a saved project", () => {
  it("lists only the printers that can make every part (Maria's has the colours but is too small for the lid)", async () => {
    const draft = projectDraft();
    draft.parts[1]!.boundingBox = { x: 300, y: 40, z: 4 };
    const big = printerFixture({
      id: "p-2",
      name: "Big Box",
      buildVolumeX: 325,
      buildVolumeY: 325,
      buildVolumeZ: 315,
      filamentInventory: [
        { material: "PLA", color: "Black", inStock: true },
        { material: "PLA", color: "Red", inStock: true },
      ],
    });
    renderApp("/printers?material=PLA&minX=40&minY=30&minZ=20&jobId=d-1", {
      user: customer,
      routes: {
        "GET /api/printers": () =>
          json([
            { ...printerFixture({ filamentInventory: big.filamentInventory }), distanceMiles: 1 },
            { ...big, distanceMiles: 2 },
          ]),
        "GET /api/drafts/d-1": () => json(draft),
      },
    });
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    expect(screen.getByRole("article", { name: "Big Box" })).toBeInTheDocument();
  });
});
