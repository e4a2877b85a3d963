import { describeEstimate, measureDesign } from "@printhood/core/analysis/index";
import { fitsBuildVolume } from "@printhood/core/shared/fit";
import { formatCents } from "@printhood/core/shared/pricing";
import { measureAtSettings, quoteDesign } from "@printhood/core/shared/quote";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Printer } from "../src/api/types";
import { clampZoom, markerPosition, ZOOM } from "../src/components/choose/schematicMap";
import { customer, jobFixture, jobPrinterFixture, printerFixture, submittedOrderFixture, uploadFixture } from "./fixtures";
import { apiError, currentPath, deferred, json, pagedAnswer, renderApp, waitForShell } from "./helpers";
import { box } from "./meshes";
import { printerListing } from "./printer-listing";

/** Maria's Prusa as the upload flow reads it: PLA and PETG, black and red PLA in stock. */
const printer = (over: Partial<Printer> = {}) =>
  printerFixture({
    latitude: 40.305,
    longitude: -105.08,
    materials: ["PLA", "PETG"],
    totalJobs: 3,
    filamentInventory: [
      { material: "PLA", color: "Black", inStock: true },
      { material: "PLA", color: "Red", inStock: true },
    ],
    ...over,
  });

/** Ada's saved print box.stl: 12.5 g of PLA, priced without a printer at $2.58. */
const draft = jobFixture;

const toastTitled = (title: string) => screen.findByText(title, { selector: "p" });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("upload page", () => {
  it("shows the four cards and keeps both buttons disabled until a file exists", async () => {
    renderApp("/upload", { user: customer });
    await waitForShell();
    for (const name of ["File Upload", "File Analysis Results", "Pricing Breakdown", "Print Settings"]) {
      expect(screen.getByRole("heading", { name })).toBeInTheDocument();
    }
    expect(screen.getByRole("button", { name: "Save Print" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Choose Printer" })).toBeDisabled();
    for (const label of ["Material", "Color", "Layer Height", "Infill", "Supports", "Delivery Method", "Special Instructions (optional)"]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(screen.getByLabelText("Material")).getByRole("option", { name: "TPU (Flexible)" })).toBeInTheDocument();
    expect(
      within(screen.getByLabelText("Color"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Black", "White", "Red", "Blue", "Green", "Yellow", "Orange", "Purple", "Gray", "Natural/Clear"]);
    expect(
      within(screen.getByLabelText("Layer Height"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["0.1mm (Fine Detail)", "0.2mm (Standard)", "0.3mm (Fast Print)"]);
    expect(
      within(screen.getByLabelText("Infill"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["10%", "15%", "20%", "30%", "50%", "100%"]);
    expect(
      within(screen.getByLabelText("Delivery Method"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Pickup", "Local Delivery", "Ship to Me"]);
  });

  it("names the chosen printer on the submit button", async () => {
    renderApp("/upload?printer=p-1", { user: customer, routes: { "GET /api/printers/p-1": () => json(printer()) } });
    await waitForShell();
    expect(await screen.findByRole("button", { name: "Submit to Printer #1" })).toBeDisabled();
    expect(await screen.findByText("Printing on Maria's Prusa · Berthoud, CO")).toBeInTheDocument();
  });

  it("refuses the wrong file type and a file over 50 MB with the spec's messages, uploading nothing", async () => {
    const { calls } = renderApp("/upload", { user: customer });
    await waitForShell();
    const input = screen.getByLabelText("Choose a 3D design file");
    fireEvent.change(input, { target: { files: [new File(["hello"], "notes.txt", { type: "text/plain" })] } });
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid file type. Only STL, OBJ, and 3MF files are allowed.");
    const big = new File(["x"], "huge.stl");
    Object.defineProperty(big, "size", { value: 52_428_801 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByRole("alert")).toHaveTextContent("File size exceeds 50MB limit.");
    expect(calls.some((c) => c.path === "/api/uploads")).toBe(false);
    expect(screen.getByRole("button", { name: "Save Print" })).toBeDisabled();
  });

  it("edits a draft the server could not read: Editing Draft, the size-based estimate, saved to Saved Prints and not offered for ordering", async () => {
    const upload = uploadFixture({ status: "failed", error: { code: "x", message: "Broken file." } });
    const { calls, router } = renderApp("/upload?draft=d-1", {
      user: customer,
      routes: {
        "GET /api/drafts/d-1": () => json(draft({ material: "PETG", estimatedFromSize: true })),
        "GET /api/uploads/u-1": () => json(upload),
        "PUT /api/drafts/d-1": () => json(draft({ material: "PETG" })),
      },
    });
    await waitForShell();
    expect(await screen.findByText("Editing Draft: box.stl")).toBeInTheDocument();
    expect(screen.getByText(/1\.50 MB · Estimated weight 12\.5g/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Material")).toHaveValue("PETG"));
    expect(await screen.findByText("Analysis Warning: Using basic estimation. Upload will still work.")).toBeInTheDocument();
    const save = screen.getByRole("button", { name: "Save Print" });
    expect(save).toBeEnabled();
    // an order of it would be refused (design_not_analysed), so it is not offered
    const choose = screen.getByRole("button", { name: "Choose Printer" });
    expect(choose).toBeDisabled();
    expect(choose).toHaveAccessibleDescription(
      "We could not analyse this design, so it can be saved but not ordered. Please upload a repaired file.",
    );
    fireEvent.click(save);
    await toastTitled("Draft Updated");
    await waitFor(() => expect(currentPath(router)).toBe("/saved-prints"));
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.body).toMatchObject({
      material: "PETG",
      status: "draft",
      printSettings: { quality: 0.2, infill: 20, supports: "auto", scale: 1 },
    });
    expect(put.body).not.toHaveProperty("uploadId");
    fireEvent.click(screen.queryByRole("button", { name: "Upload Different File" }) ?? document.body);
  });

  it("prices a draft on the chosen printer only once that printer is in: the total /submit-print shows, never the list price", async () => {
    const upload = uploadFixture({ status: "failed", error: { code: "x", message: "Broken file." } });
    const pricey = printer({ pricePerGram: 0.035 });
    const answer = deferred<Response>();
    renderApp("/upload?draft=d-1&printer=p-1", {
      user: customer,
      routes: {
        "GET /api/drafts/d-1": () => json(draft({ estimatedFromSize: true })),
        "GET /api/uploads/u-1": () => json(upload),
        "GET /api/printers/p-1": () => answer.promise,
      },
    });
    await waitForShell();
    expect(await screen.findByText("Editing Draft: box.stl")).toBeInTheDocument();
    expect(await screen.findByText("Pricing your design...")).toBeInTheDocument();
    expect(screen.queryByText("Total")).toBeNull();
    answer.resolve(json(pricey));
    const d = draft({ estimatedFromSize: true });
    const measured = measureAtSettings(null, { material: d.material, ...d.printSettings }, { bytes: d.fileSize, format: d.fileFormat });
    const total = quoteDesign(measured, d, pricey).totalCents;
    expect(total).not.toBe(quoteDesign(measured, d, null).totalCents);
    const totalLine = (await screen.findByText("Total")).parentElement!;
    expect(within(totalLine).getByText(formatCents(total))).toBeInTheDocument();
  });

  it("shows Failed to Update Draft with the server's message", async () => {
    renderApp("/upload?draft=d-1", {
      user: customer,
      routes: {
        "GET /api/drafts/d-1": () => json(draft()),
        "GET /api/uploads/u-1": () => json(uploadFixture({ size: 10, status: "failed", error: { code: "x", message: "Broken file." } })),
        "PUT /api/drafts/d-1": () => apiError(409, "Your design is still being analysed. Please wait a moment and try again."),
      },
    });
    await waitForShell();
    fireEvent.click(await screen.findByRole("button", { name: "Save Print" }));
    await toastTitled("Failed to Update Draft");
    expect(screen.getByText("Your design is still being analysed. Please wait a moment and try again.")).toBeInTheDocument();
  });

  it("tells when the draft cannot be loaded", async () => {
    renderApp("/upload?draft=nope", {
      user: customer,
      routes: { "GET /api/drafts/nope": () => apiError(404, "We could not find that saved print.") },
    });
    await waitForShell();
    expect(await screen.findByText("Failed to load draft data")).toBeInTheDocument();
  });
});

describe("upload page: a design bigger than every printer", () => {
  /** The finder's answer over Maria's Prusa (250 × 210 × 220 mm), by core's fit rule, as the API answers. */
  const printersFitting = (_: unknown, url: URL) => {
    const min = (axis: string) => Number(url.searchParams.get(`minBuildVolume${axis}`) ?? 0);
    // As the API: a least build volume past 10,000 mm is refused, not answered.
    if (["X", "Y", "Z"].some((a) => min(a) > 10_000)) return apiError(400, "Minimum build volume x is too large", "invalid_input");
    const fits = fitsBuildVolume({ x: min("X"), y: min("Y"), z: min("Z") }, printer());
    return json(pagedAnswer(fits ? [printer()] : [], url));
  };
  const renderDraftOf = (size: number, path = "/upload?draft=d-1") => {
    const geometry = measureDesign(box(size), "box.stl");
    const upload = uploadFixture({ status: "analyzed", analysis: { geometry, estimate: describeEstimate(geometry) } });
    return renderApp(path, {
      user: customer,
      routes: {
        "GET /api/drafts/d-1": () => json(jobFixture()),
        "GET /api/uploads/u-1": () => json(upload),
        "GET /api/printers": printersFitting,
        "GET /api/printers/p-1": () => json(printer()),
      },
    });
  };
  const tooBig =
    "At 300 × 300 × 300 mm this design is larger than the build volume of every printer listed, so no printer can take it. Scale it down to have it printed.";

  it.each([
    ["no printer chosen", "/upload?draft=d-1"],
    ["a printer chosen", "/upload?draft=d-1&printer=p-1"],
  ])("says so after the analysis, before going on (%s)", async (_, path) => {
    renderDraftOf(300, path);
    await waitForShell();
    await screen.findByText("Confirmed by our server's analysis", {}, { timeout: 5000 });
    const checks = screen.getByRole("region", { name: "Checks before you order" });
    expect(await within(checks).findByText("Too big for every printer")).toBeInTheDocument();
    expect(within(checks).getByText(tooBig)).toBeInTheDocument();
    // Not also "choose a larger printer": there is none.
    expect(within(checks).queryByText("Too big for this printer")).toBeNull();
  });

  it("says so of a design bigger than any listing may be (drawn in the wrong units), without asking the API", async () => {
    renderDraftOf(12_000);
    await waitForShell();
    await screen.findByText("Confirmed by our server's analysis", {}, { timeout: 5000 });
    const checks = screen.getByRole("region", { name: "Checks before you order" });
    expect(await within(checks).findByText("Too big for every printer")).toBeInTheDocument();
  });

  it("says so of a later part of a project, naming it, when the first part fits (every part is checked)", async () => {
    const geometry = measureDesign(box(30), "box.stl");
    const upload = uploadFixture({ status: "analyzed", analysis: { geometry, estimate: describeEstimate(geometry) } });
    const base = jobFixture({ boundingBox: { x: 30, y: 30, z: 30 } });
    const big = { ...base.parts[0]!, number: 2, uploadId: "u-2", fileName: "big.stl", boundingBox: { x: 300, y: 300, z: 300 } };
    renderApp("/upload?draft=d-1", {
      user: customer,
      routes: {
        "GET /api/drafts/d-1": () => json({ ...base, fileName: "box.stl + 1 more", parts: [base.parts[0]!, big] }),
        "GET /api/uploads/u-1": () => json(upload),
        "GET /api/printers": printersFitting,
      },
    });
    await waitForShell();
    await screen.findByText("Confirmed by our server's analysis", {}, { timeout: 5000 });
    const checks = await screen.findByRole("region", { name: "Checks before you order" });
    expect(await within(checks).findByText("Too big for every printer")).toBeInTheDocument();
    expect(
      within(checks).getByText(
        "Part 2 (big.stl) is 300 × 300 × 300 mm, larger than the build volume of every printer listed, so no printer can take it. Scale it down or remove it to have the project printed.",
      ),
    ).toBeInTheDocument();
  });

  it("says which later part does not fit the chosen printer when a larger printer is listed", async () => {
    const geometry = measureDesign(box(30), "box.stl");
    const upload = uploadFixture({ status: "analyzed", analysis: { geometry, estimate: describeEstimate(geometry) } });
    const base = jobFixture({ boundingBox: { x: 30, y: 30, z: 30 } });
    const tall = { ...base.parts[0]!, number: 2, uploadId: "u-2", fileName: "tall.stl", boundingBox: { x: 100, y: 100, z: 280 } };
    const large = printer({ id: "p-2", name: "Tom's Big Printer", buildVolumeX: 300, buildVolumeY: 300, buildVolumeZ: 300 });
    renderApp("/upload?draft=d-1&printer=p-1", {
      user: customer,
      routes: {
        "GET /api/drafts/d-1": () => json({ ...base, fileName: "box.stl + 1 more", parts: [base.parts[0]!, tall] }),
        "GET /api/uploads/u-1": () => json(upload),
        "GET /api/printers": (_: unknown, url: URL) => json(pagedAnswer([large], url)),
        "GET /api/printers/p-1": () => json(printer()),
      },
    });
    await waitForShell();
    await screen.findByText("Confirmed by our server's analysis", {}, { timeout: 5000 });
    const checks = await screen.findByRole("region", { name: "Checks before you order" });
    expect(await within(checks).findByText("Too big for this printer")).toBeInTheDocument();
    expect(within(checks).getByText(/^Part 2 \(tall\.stl\) is 100 × 100 × 280 mm and does not fit Maria's Prusa/)).toBeInTheDocument();
    expect(within(checks).queryByText("Too big for every printer")).toBeNull();
  });

  it("says nothing of it when a printer can take the design", async () => {
    const { calls } = renderDraftOf(30);
    await waitForShell();
    await screen.findByText("Confirmed by our server's analysis", {}, { timeout: 5000 });
    await waitFor(() => expect(calls.some((c) => c.path === "/api/printers")).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText("Too big for every printer")).toBeNull();
  });
});

describe("saved prints", () => {
  it("shows the empty state with an Upload Design link", async () => {
    renderApp("/saved-prints", { user: customer, routes: { [`GET /api/users/${customer.id}/drafts`]: () => json([]) } });
    await waitForShell();
    expect(await screen.findByRole("heading", { name: "No Saved Prints" })).toBeInTheDocument();
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Upload Design" })).toHaveAttribute("href", "/upload");
  });

  it("lists drafts and deletes one after the browser's confirmation", async () => {
    let list = [draft(), draft({ id: "d-2", fileName: "gear.3mf", material: "ABS" })];
    const { calls } = renderApp("/saved-prints", {
      user: customer,
      routes: {
        [`GET /api/users/${customer.id}/drafts`]: () => json(list),
        "DELETE /api/drafts/d-1": () => {
          list = list.filter((d) => d.id !== "d-1");
          return json({ ok: true });
        },
        "DELETE /api/drafts/d-2": () => apiError(500, "Something went wrong on our side. Please try again."),
      },
    });
    await waitForShell();
    const card = (await screen.findByRole("heading", { name: "box.stl" })).closest("li")!;
    expect(within(card).getByText("Saved Mar 1, 2026")).toBeInTheDocument();
    expect(within(card).getByText("12.5g")).toBeInTheDocument();
    expect(within(card).getByText("1.5 MB")).toBeInTheDocument();
    expect(within(card).getByText("$2.58")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Choose Printer & Submit" })).toHaveAttribute("href", "/choose-printer?draftId=d-1");

    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValue(true);
    fireEvent.click(within(card).getByRole("button", { name: "Delete box.stl" }));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this saved print?");
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(card).getByRole("button", { name: "Delete box.stl" }));
    await toastTitled("Draft Deleted");
    expect(screen.getByText("The saved print has been removed.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("heading", { name: "box.stl" })).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole("button", { name: "Delete gear.3mf" }));
    await toastTitled("Delete Failed");
  });

  it("reads the saved prints a page at a time: Show more saved prints asks for the next with the marker", async () => {
    const asked: string[] = [];
    const { user } = renderApp("/saved-prints", {
      user: customer,
      routes: {
        [`GET /api/users/${customer.id}/drafts`]: (_body: unknown, url: URL) => {
          asked.push(url.search);
          return url.searchParams.get("cursor") === "next"
            ? json({ items: [draft({ id: "d-2", fileName: "gear.3mf" })] })
            : json({ items: [draft()], nextCursor: "next" });
        },
      },
    });
    await waitForShell();
    expect(await screen.findByRole("heading", { name: "box.stl" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "gear.3mf" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Show more saved prints" }));
    expect(await screen.findByRole("heading", { name: "gear.3mf" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "box.stl" })).toBeInTheDocument();
    // The last page has no marker: nothing more to show.
    expect(screen.queryByRole("button", { name: "Show more saved prints" })).toBeNull();
    expect(asked).toEqual(["?limit=24", "?limit=24&cursor=next"]);
  });
});

describe("submit print", () => {
  it("without printer or draft: Invalid Request, then /upload", async () => {
    const { router } = renderApp("/submit-print?draftId=d-1", { user: customer });
    await waitForShell();
    await toastTitled("Invalid Request");
    expect(screen.getByText("Missing printer or draft information. Redirecting to upload...")).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe("/upload"));
  });

  it("a missing draft: Missing Draft, then /upload", async () => {
    const { router } = renderApp("/submit-print?printerId=p-1&draftId=gone", {
      user: customer,
      routes: {
        "GET /api/printers/p-1": () => json(printer()),
        "GET /api/drafts/gone": () => apiError(404, "We could not find that saved print."),
      },
    });
    await waitForShell();
    await toastTitled("Missing Draft");
    expect(screen.getByText("No draft found. Please start over by uploading your file.")).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe("/upload"));
  });

  it("a load failure: Error Loading Details with a way back (after two retries)", async () => {
    const { calls } = renderApp("/submit-print?printerId=p-1&draftId=d-1", {
      user: customer,
      routes: {
        "GET /api/printers/p-1": () => apiError(500, "Something went wrong on our side. Please try again."),
        "GET /api/drafts/d-1": () => json(draft()),
      },
    });
    await waitForShell();
    expect(await screen.findByRole("heading", { name: "Error Loading Details" }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText("Failed to fetch printer details")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Back to Upload" })).toHaveAttribute("href", "/upload");
    expect(calls.filter((c) => c.path === "/api/printers/p-1").length).toBe(3);
  });

  it("preselects the colour and delivery chosen on /upload, shows the summary and submits to checkout", async () => {
    // Saved on /upload with Natural/Clear and Ship to Me: the swatch is Clear, the delivery Ship to Me.
    const saved = draft({ filamentColor: "Natural/Clear", deliveryMethod: "shipping" });
    const { calls, router } = renderApp("/submit-print?printerId=p-1&draftId=d-1", {
      user: customer,
      routes: {
        "GET /api/printers/p-1": () => json(printer()),
        "GET /api/drafts/d-1": () => json(saved),
        "POST /api/submit-order": () => json(submittedOrderFixture(), 201),
        "GET /api/print-jobs/d-1": () => json(draft({ status: "submitted" })),
      },
    });
    await waitForShell();
    expect(await screen.findByRole("heading", { name: "File Details" })).toBeInTheDocument();
    expect(screen.getAllByText("2 hours").length).toBeGreaterThan(0); // 95 minutes, rounded up
    expect(screen.getByRole("link", { name: "Change Printer" })).toHaveAttribute("href", "/choose-printer?draftId=d-1");
    const swatches = within(screen.getByRole("group", { name: /Filament Color/ })).getAllByRole("button");
    expect(swatches.map((b) => b.textContent)).toEqual([
      "Black",
      "White",
      "Red",
      "Blue",
      "Green",
      "Yellow",
      "Orange",
      "Purple",
      "Gray",
      "Clear",
    ]);
    expect(swatches.filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.textContent)).toEqual(["Clear"]);
    expect(screen.getByText(/^Clear PLA is out of stock at Maria's Prusa/)).toBeInTheDocument();
    const delivery = within(screen.getByRole("group", { name: "Delivery Method" }));
    expect(delivery.getAllByRole("radio").map((r) => r.closest("label")?.querySelector("span span")?.textContent)).toEqual([
      "Pickup",
      "Local Delivery",
      "Ship to Me",
    ]);
    expect(delivery.getByRole("radio", { name: /Ship to Me/ })).toBeChecked();
    const submit = screen.getByRole("button", { name: "Submit Order" });
    expect(submit).toBeEnabled();
    expect(screen.getByText(/By submitting this order, you agree to our/)).toBeInTheDocument();
    // 12.5 g at $0.08/g = 1.00, service 2.00, fee 0.30 + 2.00, shipping from 5.20 (the rate table's cheapest: 1 lb, nearest zone)
    expect(screen.getByText("Print Service").nextSibling).toHaveTextContent("$2.00");
    expect(screen.getByText("Platform Fee").nextSibling).toHaveTextContent("$2.30");
    expect(screen.getByText("Shipping (from)", { selector: "dt" }).nextSibling).toHaveTextContent("$5.20");
    expect(delivery.getByRole("radio", { name: /Ship to Me/ }).closest("label")).toHaveTextContent("from $5.20; options at checkout");
    expect(screen.getByText("Total", { selector: "dt" }).nextSibling).toHaveTextContent("$9.50");
    fireEvent.click(delivery.getByRole("radio", { name: /Local Delivery/ }));
    expect(screen.getByText("Local Delivery", { selector: "dt" }).nextSibling).toHaveTextContent("$5.00");
    expect(screen.getByText("Total", { selector: "dt" }).nextSibling).toHaveTextContent("$9.30");
    fireEvent.click(delivery.getByRole("radio", { name: /Pickup/ }));
    expect(screen.getByText("Total", { selector: "dt" }).nextSibling).toHaveTextContent("$4.30");
    fireEvent.click(delivery.getByRole("radio", { name: /Local Delivery/ }));

    // the customer can still change the colour
    fireEvent.click(screen.getByRole("button", { name: "Red" }));
    expect(screen.getByRole("button", { name: "Red" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: /^Clear/ })).toHaveAttribute("aria-pressed", "false");
    expect(screen.queryByText(/is out of stock at/)).not.toBeInTheDocument();
    fireEvent.click(submit);
    await toastTitled("Order Submitted Successfully!");
    await waitFor(() => expect(currentPath(router)).toBe("/checkout"));
    expect(router.state.location.search).toEqual({ orderId: "d-1" });
    expect(calls.find((c) => c.path === "/api/submit-order")!.body).toEqual({
      printerId: "p-1",
      draftId: "d-1",
      filamentColor: "Red",
      deliveryMethod: "delivery",
      specialInstructions: "",
      expectedTotal: "9.30",
    });
  });

  it("submits Ship to Me as shipping", async () => {
    const { calls } = renderApp("/submit-print?printerId=p-1&draftId=d-1", {
      user: customer,
      routes: {
        "GET /api/printers/p-1": () => json(printer()),
        "GET /api/drafts/d-1": () => json(draft({ deliveryMethod: "shipping", specialInstructions: "Leave at the door" })),
        "POST /api/submit-order": () => json(submittedOrderFixture(), 201),
        "GET /api/print-jobs/d-1": () => json(draft({ status: "submitted", deliveryMethod: "shipping" })),
      },
    });
    await waitForShell();
    fireEvent.click(await screen.findByRole("button", { name: "Submit Order" }));
    await toastTitled("Order Submitted Successfully!");
    expect(calls.find((c) => c.path === "/api/submit-order")!.body).toEqual({
      printerId: "p-1",
      draftId: "d-1",
      filamentColor: "Black",
      deliveryMethod: "shipping",
      specialInstructions: "Leave at the door",
      expectedTotal: "9.50",
    });
  });

  it("shows Submission Failed with the server's message", async () => {
    renderApp("/submit-print?printerId=p-1&draftId=d-1", {
      user: customer,
      routes: {
        "GET /api/printers/p-1": () => json(printer()),
        "GET /api/drafts/d-1": () => json(draft()),
        "POST /api/submit-order": () =>
          apiError(409, "Maria's Prusa has no Green PLA in stock. Please choose another colour or printer.", "color_out_of_stock"),
      },
    });
    await waitForShell();
    fireEvent.click(await screen.findByRole("button", { name: "Green (out of stock)" }));
    fireEvent.click(screen.getByRole("button", { name: "Submit Order" }));
    await toastTitled("Submission Failed");
    expect(screen.getByText("Maria's Prusa has no Green PLA in stock. Please choose another colour or printer.")).toBeInTheDocument();
  });
});

describe("submit print: the price changed", () => {
  it("shows the server's sentence and the new total, then submits the new total", async () => {
    let priceRead = 0;
    const sentence =
      "The price changed while you were deciding: this order now costs $5.30 in total. Please review the new price and submit again if you still want it.";
    let submits = 0;
    const { calls, router } = renderApp("/submit-print?printerId=p-1&draftId=d-1", {
      user: customer,
      routes: {
        // The owner doubled the price per gram after the page loaded: the second read has it.
        "GET /api/printers/p-1": () => json(printer(priceRead++ === 0 ? {} : { pricePerGram: 0.16 })),
        "GET /api/drafts/d-1": () => json(draft()),
        "POST /api/submit-order": () => (submits++ === 0 ? apiError(409, sentence, "price_changed") : json(submittedOrderFixture(), 201)),
        "GET /api/print-jobs/d-1": () => json(draft({ status: "submitted" })),
      },
    });
    await waitForShell();
    fireEvent.click(await screen.findByRole("button", { name: "Submit Order" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Price Changed");
    expect(alert).toHaveTextContent(sentence);
    expect(screen.queryByText("Submission Failed", { selector: "p" })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("Total", { selector: "dt" }).nextSibling).not.toHaveTextContent("$4.30"));
    const shown = screen.getByText("Total", { selector: "dt" }).nextSibling?.textContent ?? "";
    fireEvent.click(screen.getByRole("button", { name: "Submit Order" }));
    await waitFor(() => expect(currentPath(router)).toBe("/checkout"));
    const bodies = calls.filter((c) => c.path === "/api/submit-order").map((c) => (c.body as { expectedTotal: string }).expectedTotal);
    expect(bodies).toEqual(["4.30", shown.replace("$", "")]);
  });
});

describe("choose printer", () => {
  const printers = [
    printer(),
    printer({
      id: "p-2",
      name: "Old Town Print Shop",
      location: "Fort Collins, CO",
      latitude: 40.58,
      longitude: -105.08,
      materials: ["PLA", "ABS"],
      rating: 4.66,
      isAvailable: false,
      availability: false,
    }),
    printer({
      id: "p-3",
      name: "Tiny Mini",
      location: "Loveland, CO",
      latitude: 40.39,
      longitude: -105.07,
      buildVolumeX: 30,
      buildVolumeY: 30,
      buildVolumeZ: 30,
    }),
  ];

  it("lists printers with the saved print banner, filters to nothing and clears the filters", async () => {
    // The API applies the filters (the page no longer filters its pages again).
    const { router } = renderApp("/choose-printer?draftId=d-1", {
      user: customer,
      routes: { "GET /api/printers": printerListing(printers), "GET /api/drafts/d-1": () => json(draft()) },
    });
    await waitForShell();
    expect(await screen.findByRole("heading", { name: "Available Printers (3)" })).toBeInTheDocument();
    expect(await screen.findByText("Saved Print: box.stl")).toBeInTheDocument();
    expect(screen.getByText("Weight: 12.5g")).toBeInTheDocument();
    expect(screen.getByText("Estimated cost: $2.58")).toBeInTheDocument();
    const old = screen.getByRole("heading", { name: "Old Town Print Shop" }).closest("li")!;
    expect(within(old).getByText("Currently Unavailable")).toBeInTheDocument();
    expect(within(old).getByText("4.7")).toBeInTheDocument();
    expect(within(old).getByText("3 jobs")).toBeInTheDocument();
    expect(within(old).getByText("$3.50/hour")).toBeInTheDocument();
    expect(within(screen.getByRole("heading", { name: "Maria's Prusa" }).closest("li")!).getByText("0.0")).toBeInTheDocument();
    expect(
      within(screen.getByRole("heading", { name: "Tiny Mini" }).closest("li")!).getByText("Too small for your design"),
    ).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("Material"), { target: { value: "TPU" } });
    expect(await screen.findByText("No printers found matching your criteria.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Available Printers (0)" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Clear Filters" }));
    expect(await screen.findByRole("heading", { name: "Available Printers (3)" })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Location"), { target: { value: "Loveland" } });
    expect(await screen.findByRole("heading", { name: "Available Printers (1)" })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Location"), { target: { value: "all" } });
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "old town" } });
    expect(await screen.findByRole("heading", { name: "Available Printers (1)" })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "" } });

    fireEvent.click(await screen.findByRole("button", { name: "Select Printer Maria's Prusa" }));
    await waitFor(() => expect(currentPath(router)).toBe("/submit-print"));
    expect(router.state.location.search).toEqual({ printerId: "p-1", draftId: "d-1" });
  });

  it("shows on each card what the saved print costs on that printer: the total /submit-print and the order show", async () => {
    // Maria's Prusa at $0.08/g: 12.5 g → material 1.00, service 2.00, fee 2.30, total 4.30.
    // Fort Collins Filament at $0.025/g: material 0.31, service 0.62, fee 2.09, total 2.71.
    const cheap = printer({ id: "p-4", name: "Fort Collins Filament", location: "Fort Collins, CO", pricePerGram: 0.025 });
    const whiteOnly = printer({ id: "p-5", name: "White Only", filamentInventory: [{ material: "PLA", color: "White", inStock: true }] });
    const order = draft({
      status: "submitted",
      printerId: "p-4",
      printer: jobPrinterFixture(cheap),
      submittedAt: "2026-03-01T11:00:00.000Z",
    });
    const { router } = renderApp("/choose-printer?draftId=d-1", {
      user: customer,
      routes: {
        "GET /api/printers": () => json([printer(), cheap, whiteOnly]),
        "GET /api/printers/p-4": () => json(cheap),
        "GET /api/drafts/d-1": () => json(draft()),
        "POST /api/submit-order": () => json(submittedOrderFixture(order), 201),
        "GET /api/print-jobs/d-1": () => json(order),
      },
    });
    await waitForShell();
    const card = async (name: string) => (await screen.findByRole("heading", { name })).closest("li")!;
    expect(within(await card("Maria's Prusa")).getByText("Total for your print:")).toHaveTextContent("Total for your print: $4.30");
    expect(within(await card("Fort Collins Filament")).getByText("Total for your print:")).toHaveTextContent("Total for your print: $2.72");
    // the saved print's colour is judged on the printer's stock of its material (core's compatibility rule)
    expect(within(await card("White Only")).getByText("No Black PLA in stock")).toBeInTheDocument();
    expect(within(await card("Maria's Prusa")).queryByText(/in stock|Too small|Does not print/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Select Printer Fort Collins Filament" }));
    await waitFor(() => expect(currentPath(router)).toBe("/submit-print"));
    expect(await screen.findByTestId("order-total")).toHaveTextContent("$2.72");
    expect(screen.getByText("$0.025/gram ($25.00/kg)", { exact: false })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Submit Order" }));
    await waitFor(() => expect(currentPath(router)).toBe("/checkout"));
    const summary = await screen.findByRole("region", { name: "Order Summary" });
    expect(within(summary).getByText("Total").nextSibling).toHaveTextContent("$2.72");
  });

  it("shows 24 printers, then the rest with Show more printers, asking the API for the filters and each next page", async () => {
    const many = Array.from({ length: 26 }, (_, i) => printer({ id: `p-${i + 1}`, name: `Printer ${i + 1}` }));
    const { user, fetchMock } = renderApp("/choose-printer?draftId=d-1", {
      user: customer,
      routes: { "GET /api/printers": printerListing(many), "GET /api/drafts/d-1": () => json(draft()) },
    });
    expect(await screen.findByRole("heading", { name: "Available Printers (24+)" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show more printers" }));
    expect(await screen.findByRole("heading", { name: "Available Printers (26)" })).toBeInTheDocument();
    // Every card of the later page says, as the first page's do, whether it can take the saved print.
    expect(
      within(screen.getByRole("heading", { name: "Printer 26" }).closest("li")!).getByText("Total for your print:"),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show more printers" })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Material"), { target: { value: "PETG" } });
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain("/api/printers?material=PETG&limit=24"));
  });

  it("has a schematic map with views, zoom, reset, markers and a popup", async () => {
    renderApp("/choose-printer", { user: customer, routes: { "GET /api/printers": () => json(printers) } });
    await waitForShell();
    const map = await screen.findByRole("region", { name: "Printer map" });
    await waitFor(() => expect(within(map).getAllByTestId("map-marker")).toHaveLength(3));
    expect(within(map).getByText(/Zoom: 1\.5x · 3 printers/)).toBeInTheDocument();
    for (const v of ["roads", "satellite", "terrain"]) expect(within(map).getByRole("button", { name: v })).toBeInTheDocument();
    fireEvent.click(within(map).getByRole("button", { name: "satellite" }));
    expect(within(map).getByRole("button", { name: "satellite" })).toHaveAttribute("aria-pressed", "true");
    for (let i = 0; i < 12; i++) fireEvent.click(within(map).getByRole("button", { name: "Zoom in" }));
    expect(within(map).getByText(/Zoom: 8\.0x/)).toBeInTheDocument();
    fireEvent.click(within(map).getByRole("button", { name: "Reset map" }));
    expect(within(map).getByText(/Zoom: 2\.0x/)).toBeInTheDocument();
    fireEvent.wheel(screen.getByTestId("schematic-map"), { deltaY: -100 });
    expect(within(map).getByText(/Zoom: 2\.3x/)).toBeInTheDocument();
    for (const m of within(map).getAllByTestId("map-marker")) {
      const left = Number.parseFloat(m.style.left);
      const top = Number.parseFloat(m.style.top);
      expect(left).toBeGreaterThanOrEqual(5);
      expect(left).toBeLessThanOrEqual(95);
      expect(top).toBeGreaterThanOrEqual(5);
      expect(top).toBeLessThanOrEqual(95);
    }
    fireEvent.click(within(map).getByRole("button", { name: "Maria's Prusa, Berthoud, CO" }));
    const popup = within(map).getByRole("region", { name: "Maria's Prusa details" });
    expect(within(popup).getByText("Prusa MK4")).toBeInTheDocument();
    expect(within(popup).getByRole("link", { name: "Select Printer" })).toHaveAttribute("href", "/submit-print?printerId=p-1");
    // Escape closes the details (a card beside the map, not a modal dialog) and focus goes back to the marker.
    fireEvent.keyDown(within(popup).getByRole("link", { name: "Select Printer" }), { key: "Escape" });
    expect(within(map).queryByRole("region", { name: "Maria's Prusa details" })).toBeNull();
    expect(within(map).getByRole("button", { name: "Maria's Prusa, Berthoud, CO" })).toHaveFocus();
  });

  it("offers no Select Printer on the map for a printer whose card cannot be selected (a project it cannot make, or unavailable)", async () => {
    const base = draft();
    const lid = { ...base.parts[0]!, number: 2, uploadId: "u-2", fileName: "lid.stl" };
    const project = { ...base, fileName: "box.stl + 1 more", parts: [base.parts[0]!, lid] };
    renderApp("/choose-printer?draftId=d-1", {
      user: customer,
      routes: { "GET /api/printers": () => json(printers), "GET /api/drafts/d-1": () => json(project) },
    });
    await waitForShell();
    expect(await screen.findByText("Saved Print: box.stl + 1 more")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Select Printer Tiny Mini" })).toBeDisabled();
    const map = screen.getByRole("region", { name: "Printer map" });
    fireEvent.click(within(map).getByRole("button", { name: "Tiny Mini, Loveland, CO" }));
    const tiny = within(map).getByRole("region", { name: "Tiny Mini details" });
    expect(within(tiny).queryByRole("link", { name: "Select Printer" })).toBeNull();
    expect(within(tiny).getByText(/^Part 1 \(box\.stl\) \(40 × 30 × 20 mm\) does not fit Tiny Mini's build volume/)).toBeInTheDocument();
    fireEvent.click(within(map).getByRole("button", { name: "Old Town Print Shop, Fort Collins, CO" }));
    const old = within(map).getByRole("region", { name: "Old Town Print Shop details" });
    expect(within(old).queryByRole("link", { name: "Select Printer" })).toBeNull();
    expect(within(old).getByText("Currently Unavailable")).toBeInTheDocument();
    fireEvent.click(within(map).getByRole("button", { name: "Maria's Prusa, Berthoud, CO" }));
    const maria = within(map).getByRole("region", { name: "Maria's Prusa details" });
    expect(within(maria).getByRole("link", { name: "Select Printer" })).toHaveAttribute("href", "/submit-print?printerId=p-1&draftId=d-1");
  });
});

describe("schematic map arithmetic", () => {
  it.each([
    [1, 1],
    [0.3, 0.5],
    [9, 8],
    [1.5 * 1.3, 1.95],
  ])("clampZoom(%s) = %s", (z, out) => expect(clampZoom(z)).toBe(out));

  it.each([
    [40.35, -105.085, 1, { x: 0, y: 0 }, 50, 50],
    [40.42, -105.15, 1, { x: 0, y: 0 }, 5, 5], // the corner itself is clamped to 5 %
    [40.28, -105.02, 1, { x: 0, y: 0 }, 95, 95],
    [40.58, -104.9, ZOOM.initial, { x: 0, y: 0 }, 95, 5], // Fort Collins and beyond: clamped
    [40.35, -105.085, 2, { x: 10, y: -10 }, 60, 40],
    [40.3, -105.1, 2, { x: 0, y: 0 }, 0, 0],
  ])("(%s, %s) at zoom %s, pan %j → %s %, %s %", (lat, lng, zoom, pan, left, top) => {
    const p = markerPosition(lat, lng, zoom, pan);
    if (left === 0) {
      // off-centre points move away from the centre as the zoom grows
      expect(p.left).toBeLessThan(markerPosition(lat, lng, 1, pan).left);
      expect(p.top).toBeGreaterThan(markerPosition(lat, lng, 1, pan).top);
      return;
    }
    expect(p.left).toBeCloseTo(left, 6);
    expect(p.top).toBeCloseTo(top, 6);
  });
});

describe("pricing page", () => {
  it("tier buttons set the weight to the tier minimum and the total follows the core price", async () => {
    renderApp("/pricing");
    await waitForShell();
    const weight = screen.getByRole("slider", { name: "Weight" });
    expect(weight).toHaveAttribute("min", "1");
    expect(weight).toHaveAttribute("max", "1000");
    expect(weight).toHaveAttribute("step", "5");
    expect(screen.getByRole("slider", { name: "Colors" })).toHaveAttribute("max", "8");
    expect(screen.getByRole("slider", { name: "Print Time" })).toHaveAttribute("step", "0.5");
    fireEvent.click(screen.getByRole("button", { name: /^251-500g/ }));
    expect(weight).toHaveValue("251");
    // 251 g PLA: material 5.02, service 10.04, fee 1.51 + 2.00 = 3.51, total 13.55
    expect(screen.getByTestId("calculator-total")).toHaveTextContent("$13.55");
    fireEvent.click(screen.getByRole("button", { name: /^0-25g/ }));
    expect(weight).toHaveValue("1");
    expect(screen.getAllByRole("link", { name: "Upload Your Design" }).every((a) => a.getAttribute("href") === "/upload")).toBe(true);
    expect(screen.getAllByRole("article")).toHaveLength(3);
  });
});
