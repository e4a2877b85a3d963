import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { OwnPrinter, Printer, PrinterCluster, PrinterPage } from "../src/api/types";
import { ownPrinterFixture, printerFixture, userFixture } from "./fixtures";
import { apiError, currentPath, json, renderApp, waitForShell } from "./helpers";
import { printerListing } from "./printer-listing";

/** Maria's Prusa as /printers lists it: three materials, one colour out of stock. */
const printer = (over: Partial<Printer> = {}) =>
  printerFixture({
    description: null,
    materials: ["PLA", "PETG", "TPU"],
    filamentInventory: [
      { material: "PLA", color: "Black", inStock: true },
      { material: "PLA", color: "Red", inStock: false },
    ],
    ...over,
  });

/** The same printer as its owner's dashboard reads it (with the address), and as create and update answer. */
const ownPrinter = (over: Partial<OwnPrinter> = {}) => ownPrinterFixture({ ...printer(), ...over });

const busy = printer({
  id: "p-2",
  name: "Tom's Ender",
  model: "Ender 3 V2",
  isAvailable: false,
  availability: false,
  owner: { firstName: "Tom", lastName: "Becker", username: "tom" },
  buildVolumeX: 220,
  buildVolumeY: 220,
  buildVolumeZ: 250,
  materials: ["PLA"],
  filamentInventory: [],
  rating: 4.56,
  totalReviews: 3,
  imageUrl: "/api/printer-images/ender-3-v2.svg",
});
const big = printer({
  id: "p-3",
  name: "Big Box",
  model: "Qidi Tech X-Max 3",
  buildVolumeX: 325,
  buildVolumeY: 325,
  buildVolumeZ: 315,
  materials: ["ABS", "PLA"],
  filamentInventory: [{ material: "ABS", color: "White", inStock: true }],
});

describe("/printers", () => {
  it("shows each card as the spec describes: image fallback, owner's initial, rating or New, volume, materials, price, badge and button", async () => {
    renderApp("/printers", { routes: { "GET /api/printers": () => json([printer(), busy]) } });
    await waitForShell();
    expect(screen.getByRole("heading", { level: 1, name: "Find Local 3D Printers" })).toBeInTheDocument();
    const card = await screen.findByRole("article", { name: "Maria's Prusa" });
    expect(within(card).getByRole("img")).toHaveAttribute("src", "/api/printer-images/default.svg");
    expect(within(card).getByText("by Maria H.")).toBeInTheDocument();
    expect(within(card).getByText("New")).toBeInTheDocument();
    expect(within(card).getByText("Berthoud, CO")).toBeInTheDocument();
    expect(within(card).getByText("250×210×220 mm")).toBeInTheDocument();
    expect(within(card).getByText("PLA, PETG, TPU")).toBeInTheDocument();
    expect(within(card).getByText("$0.08/gram")).toBeInTheDocument();
    expect(within(card).getByText("Available")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Select Printer Maria's Prusa" })).toHaveAttribute("href", "/upload?printer=p-1");

    const other = screen.getByRole("article", { name: "Tom's Ender" });
    expect(within(other).getByText("Busy")).toBeInTheDocument();
    expect(within(other).getByRole("button", { name: "Currently Busy" })).toBeDisabled();
    expect(within(other).getByText("4.6")).toBeInTheDocument();
    expect(within(other).getByText(/3 reviews/)).toBeInTheDocument();
    expect(within(other).getByText("by Tom B.")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Grid" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Map" })).toBeInTheDocument();
    expect(screen.getByText("2 printers found")).toBeInTheDocument();
  });

  it("falls back to the stock image when a printer's image fails to load", async () => {
    renderApp("/printers", { routes: { "GET /api/printers": () => json([printer({ imageUrl: "https://example.com/broken.jpg" })]) } });
    const card = await screen.findByRole("article", { name: "Maria's Prusa" });
    const img = within(card).getByRole("img");
    expect(img).toHaveAttribute("src", "https://example.com/broken.jpg");
    img.dispatchEvent(new Event("error"));
    await waitFor(() => expect(img).toHaveAttribute("src", "/api/printer-images/default.svg"));
  });

  it("sends the filters to GET /api/printers, leaving out empty values and 'all'", async () => {
    const r = renderApp("/printers", { routes: { "GET /api/printers": () => json([printer()]) } });
    await screen.findByRole("article", { name: "Maria's Prusa" });
    expect(r.fetchMock.mock.calls.some(([u]) => String(u) === "/api/printers?limit=24")).toBe(true);
    await r.user.selectOptions(screen.getByLabelText("Material"), "PETG");
    await r.user.selectOptions(screen.getByLabelText("Colour"), "Black");
    await r.user.selectOptions(screen.getByLabelText("Status"), "Available Only");
    await r.user.type(screen.getByLabelText("Location"), "Berthoud");
    await r.user.type(screen.getByLabelText("Nearest to ZIP"), "80537");
    await waitFor(() =>
      expect(r.fetchMock.mock.calls.map(([u]) => String(u))).toContain(
        "/api/printers?location=Berthoud&material=PETG&color=Black&available=true&zip=80537&limit=24",
      ),
    );
  });

  it("shows the design banner, the compatible count and Design-Compatible badges from the query parameters", async () => {
    renderApp("/printers?material=ABS&color=White&weight=42&minX=250&minY=250&minZ=250&jobId=j-9", {
      routes: { "GET /api/printers": () => json([printer(), busy, big]) },
    });
    const banner = await screen.findByRole("region", { name: "Design Uploaded Successfully!" });
    expect(within(banner).getByText("ABS")).toBeInTheDocument();
    expect(within(banner).getByText("White")).toBeInTheDocument();
    expect(within(banner).getByText("42g")).toBeInTheDocument();
    await waitFor(() => expect(within(banner).getByTestId("compatible-count")).toHaveTextContent("1 compatible printer found"));
    const cards = screen.getAllByRole("article");
    expect(cards).toHaveLength(1);
    expect(within(cards[0]!).getByText("Design-Compatible")).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Big Box" })).toBeInTheDocument();
  });

  it("offers View All Printers when nothing matches, which clears the design filters", async () => {
    const r = renderApp("/printers?material=Nylon&minX=999", { routes: { "GET /api/printers": () => json([printer(), busy]) } });
    expect(await screen.findByText("No compatible printers found")).toBeInTheDocument();
    await r.user.click(screen.getByRole("button", { name: "View All Printers" }));
    await waitFor(() => expect(r.router.state.location.href).toBe("/printers"));
    expect(await screen.findByRole("article", { name: "Maria's Prusa" })).toBeInTheDocument();
    expect(screen.queryByText("Design Uploaded Successfully!")).not.toBeInTheDocument();
  });

  it("says Failed to fetch printers when the list cannot load", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderApp("/printers", { routes: { "GET /api/printers": () => apiError(500, "boom") } });
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch printers");
  });
});

describe("/printers a page at a time, and its map's view", () => {
  /** 30 printers: a first page of 24, then 6 behind Show more printers. */
  const many = Array.from({ length: 30 }, (_, i) => printer({ id: `p-${i + 1}`, name: `Printer ${i + 1}` }));

  it("shows 24 printers, then the rest with Show more printers (a button, reachable from the keyboard)", async () => {
    const r = renderApp("/printers", { routes: { "GET /api/printers": printerListing(many) } });
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(24));
    expect(screen.getByText("24 printers found so far")).toBeInTheDocument();
    const more = screen.getByRole("button", { name: "Show more printers" });
    more.focus();
    await r.user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(30));
    expect(screen.getByText("30 printers found")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show more printers" })).not.toBeInTheDocument();
    expect(r.fetchMock.mock.calls.map(([u]) => String(u))).toContain("/api/printers?limit=24&cursor=24");
  });

  it("asks the API for the design's needs, so every page is of compatible printers", async () => {
    const r = renderApp("/printers?material=ABS&color=White&minX=250&minY=250&minZ=250", {
      routes: { "GET /api/printers": () => json({ items: [big] }) },
    });
    expect(await screen.findByRole("article", { name: "Big Box" })).toBeInTheDocument();
    expect(r.fetchMock.mock.calls.map(([u]) => String(u))).toContain(
      "/api/printers?material=ABS&color=White&minBuildVolumeX=250&minBuildVolumeY=250&minBuildVolumeZ=250&limit=24",
    );
  });

  it("reads on past a page of printers that cannot make the design instead of saying none was found", async () => {
    // The form asks for PLA, so the design's ABS is checked on the page: the first page has none.
    const pages: Record<string, PrinterPage> = { "": { items: [printer()], nextCursor: "c2" }, c2: { items: [big] } };
    const r = renderApp("/printers?material=ABS", {
      routes: { "GET /api/printers": (_b, url) => json(pages[url.searchParams.get("cursor") ?? ""] ?? { items: [] }) },
    });
    await screen.findByLabelText("Material");
    await r.user.selectOptions(screen.getByLabelText("Material"), "PLA");
    expect(await screen.findByRole("article", { name: "Big Box" })).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "Maria's Prusa" })).not.toBeInTheDocument();
    expect(screen.queryByText("No compatible printers found")).not.toBeInTheDocument();
  });

  it("the map asks for what is in view (bbox and zoom, with the filters) and draws a cluster as a button with its count", async () => {
    const cluster: PrinterCluster = { cluster: true, id: "cell-9xj", count: 12, latitude: 40.4, longitude: -105.07, expansionZoom: 16 };
    const r = renderApp("/printers", {
      routes: {
        "GET /api/printers": (_b, url) =>
          url.searchParams.has("bbox")
            ? json({ items: [cluster, { ...busy, latitude: 40.1, longitude: -104.5 }] })
            : json([printer(), busy]),
      },
    });
    await screen.findByRole("article", { name: "Maria's Prusa" });
    await r.user.selectOptions(screen.getByLabelText("Status"), "Available Only");
    await r.user.click(screen.getByRole("tab", { name: "Map" }));
    const marker = await screen.findByRole("button", { name: "12 printers here, zoom in" }, { timeout: 3000 });
    expect(marker).toHaveTextContent("12");
    expect(await screen.findByTitle("Tom's Ender (Busy)")).toBeInTheDocument();
    expect(screen.getByText("13 printers on the map")).toBeInTheDocument();
    const asked = r.fetchMock.mock.calls.map(([u]) => new URL(String(u), "http://localhost")).find((u) => u.searchParams.has("bbox"));
    expect(asked?.searchParams.get("bbox")).toMatch(/^-?[\d.]+,-?[\d.]+,-?[\d.]+,-?[\d.]+$/);
    expect(asked?.searchParams.get("zoom")).toMatch(/^\d+$/);
    expect(asked?.searchParams.get("available")).toBe("true");
    expect(asked?.searchParams.has("limit")).toBe(false);

    // Pressed from the keyboard, the cluster zooms the map in on it (to its zoom, 16): the map asks for that view.
    marker.focus();
    await r.user.keyboard("{Enter}");
    await waitFor(
      () =>
        expect(r.fetchMock.mock.calls.some(([u]) => new URL(String(u), "http://localhost").searchParams.get("zoom") === "16")).toBe(true),
      { timeout: 3000 },
    );
  });
});

describe("/browse", () => {
  it("lists printers, shows real ratings only, and its map view lists available printers with Select links", async () => {
    const r = renderApp("/browse", { routes: { "GET /api/printers": () => json([printer(), busy]) } });
    expect(await screen.findByRole("article", { name: "Maria's Prusa" })).toBeInTheDocument();
    await r.user.click(screen.getByRole("button", { name: "Map View" }));
    expect(screen.getByPlaceholderText("Search by city, state, or ZIP code...")).toBeInTheDocument();
    const area = await screen.findByRole("region", { name: "Available Printers in Area" });
    expect(within(area).getByText("Maria's Prusa")).toBeInTheDocument();
    expect(within(area).queryByText("Tom's Ender")).not.toBeInTheDocument();
    expect(within(area).getByText("New")).toBeInTheDocument();
    expect(within(area).queryByText("4.8")).not.toBeInTheDocument();
    expect(within(area).getByRole("link", { name: "Select Maria's Prusa" })).toHaveAttribute("href", "/upload?printer=p-1");
  });

  it("shows No printers found with List Your Printer", async () => {
    renderApp("/browse", { routes: { "GET /api/printers": () => json([]) } });
    expect(await screen.findByText("No printers found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "List Your Printer" })).toHaveAttribute("href", "/auth");
  });
});

describe("/add-printer", () => {
  const signedIn = userFixture();

  it("shows every validation message of the spec", async () => {
    const r = renderApp("/add-printer", { user: signedIn });
    await r.user.click(await screen.findByRole("button", { name: "Add Printer" }));
    for (const message of [
      "Printer name is required",
      "Printer model is required",
      "Location is required",
      "Build volume X is required",
      "Build volume Y is required",
      "Build volume Z is required",
      "At least one material is required",
      "Price per gram is required",
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(r.calls.some((c) => c.method === "POST")).toBe(false);
    // Messages go away as the form is corrected.
    await r.user.type(screen.getByLabelText("Printer Name"), "Garage Prusa");
    expect(screen.queryByText("Printer name is required")).not.toBeInTheDocument();
  });

  it("fills and locks the build volume from a preset; Custom/Other unlocks and clears it", async () => {
    const r = renderApp("/add-printer", { user: signedIn });
    const model = await screen.findByLabelText("Printer Model");
    const x = screen.getByLabelText("Build Volume X");
    expect(x).not.toHaveAttribute("readonly");
    await r.user.selectOptions(model, "Creality CR-10 V3");
    expect(x).toHaveValue(300);
    expect(screen.getByLabelText("Build Volume Z")).toHaveValue(400);
    expect(x).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Price per Gram ($)")).toHaveValue(0.1);
    expect(screen.getByLabelText("Price per Gram ($)")).toHaveAttribute("step", "0.01"); // spec 2 §5: price input step 0.01
    expect(screen.getByRole("checkbox", { name: "ABS" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "TPU" })).not.toBeChecked();
    await r.user.selectOptions(model, "Custom/Other");
    expect(x).not.toHaveAttribute("readonly");
    expect(x).toHaveValue(null);
    expect(screen.getByLabelText("Model Name")).toBeInTheDocument();
  });

  it("sends the form with ownerId and numeric price, then goes to /printer-dashboard; Cancel goes to /dashboard", async () => {
    const r = renderApp("/add-printer", {
      user: signedIn,
      routes: {
        "POST /api/printers": () => json(ownPrinter({ id: "p-new", name: "Garage Prusa" }), 201),
        [`GET /api/users/${signedIn.id}/printers`]: () => json([]),
      },
    });
    expect(await screen.findByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/dashboard");
    await r.user.type(screen.getByLabelText("Printer Name"), "Garage Prusa");
    await r.user.selectOptions(screen.getByLabelText("Printer Model"), "Prusa i3 MK3S+");
    await r.user.type(screen.getByLabelText("Location"), "Loveland, CO");
    await r.user.click(screen.getByRole("button", { name: "Add Printer" }));
    await waitFor(() => expect(currentPath(r.router)).toBe("/printer-dashboard"));
    const post = r.calls.find((c) => c.method === "POST" && c.path === "/api/printers");
    expect(post?.body).toEqual({
      ownerId: signedIn.id,
      name: "Garage Prusa",
      model: "Prusa i3 MK3S+",
      location: "Loveland, CO",
      buildVolumeX: 250,
      buildVolumeY: 210,
      buildVolumeZ: 210,
      materials: ["PLA", "PETG", "ABS", "TPU", "Wood Fill"],
      pricePerGram: 0.15,
      isAvailable: true,
    });
    expect(await screen.findByText("Printer Added Successfully!")).toBeInTheDocument();
  });

  it("shows the server's message in an Error toast when adding fails", async () => {
    const r = renderApp("/add-printer", {
      user: signedIn,
      routes: { "POST /api/printers": () => apiError(400, "We couldn't find Atlantis, CO on the map.") },
    });
    await r.user.type(await screen.findByLabelText("Printer Name"), "X");
    await r.user.selectOptions(screen.getByLabelText("Printer Model"), "Anycubic Kobra 2");
    await r.user.type(screen.getByLabelText("Location"), "Atlantis, CO");
    await r.user.click(screen.getByRole("button", { name: "Add Printer" }));
    expect(await screen.findByText("We couldn't find Atlantis, CO on the map.")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(currentPath(r.router)).toBe("/add-printer");
  });
});

describe("/printer-dashboard", () => {
  const me = userFixture({ userType: "both" });
  const mine = [ownPrinter({ ownerId: me.id })];

  it("derives price per gram to 4 decimals and checks the dialog's fields with the spec's messages", async () => {
    const r = renderApp("/printer-dashboard", {
      user: me,
      routes: { [`GET /api/users/${me.id}/printers`]: () => json(mine), "POST /api/printers": () => json(ownPrinter(), 201) },
    });
    await screen.findByRole("heading", { name: "Maria's Prusa" });
    for (const label of ["Active Printers", "Pending Orders", "Total Earnings", "Total Jobs"])
      expect(screen.getByText(label)).toBeInTheDocument();
    await r.user.click(screen.getByRole("button", { name: "Add Printer" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Your 3D Printer" });
    const add = within(dialog).getByRole("button", { name: "Add Printer" });
    await r.user.click(add);
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please select a printer model");
    await r.user.click(within(dialog).getByRole("radio", { name: /Bambu Lab P1S/ }));
    await r.user.click(add);
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please select at least one material");
    await r.user.click(within(dialog).getByRole("checkbox", { name: "Glow in Dark" }));
    await r.user.click(add);
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please enter filament cost and weight");
    await r.user.type(within(dialog).getByLabelText("Filament Cost ($)"), "19.99");
    await r.user.selectOptions(within(dialog).getByLabelText("Spool Weight"), "750g");
    expect(within(dialog).getByTestId("derived-price")).toHaveTextContent("$0.0267");
    await r.user.click(add);
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please enter complete address information");
    await r.user.type(within(dialog).getByLabelText("Street"), "1 Main St");
    await r.user.type(within(dialog).getByLabelText("City"), "Loveland");
    await r.user.type(within(dialog).getByLabelText("State"), "co");
    expect(within(dialog).getByLabelText("State")).toHaveValue("CO");
    await r.user.type(within(dialog).getByLabelText("ZIP"), "80537-1234");
    expect(within(dialog).getByLabelText("ZIP")).toHaveValue("80537");
    await r.user.click(add);
    await waitFor(() => expect(r.calls.some((c) => c.method === "POST" && c.path === "/api/printers")).toBe(true));
    const body = r.calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      ownerId: me.id,
      model: "Bambu Lab P1S",
      pricePerGram: 0.0267,
      materials: ["Glow in Dark"],
      city: "Loveland",
      state: "CO",
      zipCode: "80537",
      location: "Loveland, CO",
      buildVolumeX: 256,
    });
    expect(await screen.findByText("Success")).toBeInTheDocument();
  });

  it("puts a refused Add Printer's reason in front of the owner: the message, above the fields, takes the focus each time", async () => {
    // On a phone the dialog is scrolled to its Add Printer button when the message appears at its top.
    const r = renderApp("/printer-dashboard", { user: me, routes: { [`GET /api/users/${me.id}/printers`]: () => json(mine) } });
    await r.user.click(await screen.findByRole("button", { name: "Add Printer" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Your 3D Printer" });
    const add = within(dialog).getByRole("button", { name: "Add Printer" });
    await r.user.click(add);
    await waitFor(() => expect(within(dialog).getByRole("alert")).toHaveFocus());
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please select a printer model");
    // The same reason again (nothing changed): it takes the focus again.
    await r.user.click(add);
    await waitFor(() => expect(within(dialog).getByRole("alert")).toHaveFocus());
    await r.user.click(within(dialog).getByRole("radio", { name: /Bambu Lab P1S/ }));
    await r.user.click(add);
    await waitFor(() => expect(within(dialog).getByRole("alert")).toHaveFocus());
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please select at least one material");
  });

  it("edits settings: free-text materials, no duplicates, the empty-materials message and a disabled Save", async () => {
    const r = renderApp("/printer-dashboard", {
      user: me,
      routes: { [`GET /api/users/${me.id}/printers`]: () => json(mine), "PUT /api/printers/p-1": () => json(ownPrinter()) },
    });
    await r.user.click(await screen.findByRole("button", { name: "Settings for Maria's Prusa" }));
    const dialog = await screen.findByRole("dialog", { name: "Printer Settings" });
    expect(within(dialog).getByLabelText("Price per Gram ($)")).toHaveAttribute("step", "0.01");
    await r.user.type(within(dialog).getByLabelText("New material"), "pla");
    await r.user.click(within(dialog).getByRole("button", { name: "Add Material" }));
    // Announced where the focus is (the Add Material button), not only tied to the field.
    expect(within(dialog).getByRole("alert")).toHaveTextContent("pla is already in the list.");
    for (const m of ["PLA", "PETG", "TPU"]) await r.user.click(within(dialog).getByRole("button", { name: `Remove ${m}` }));
    expect(within(dialog).getByText("No materials added yet. Add at least one material.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Save Changes" })).toBeDisabled();
    await r.user.clear(within(dialog).getByLabelText("New material"));
    await r.user.type(within(dialog).getByLabelText("New material"), "Nylon{Enter}");
    expect(within(dialog).getByRole("button", { name: "Save Changes" })).toBeEnabled();
    await r.user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(r.calls.some((c) => c.method === "PUT")).toBe(true));
    expect(r.calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      name: "Maria's Prusa",
      materials: ["Nylon"],
      isAvailable: true,
      location: "Berthoud, CO",
      pricePerGram: 0.08,
    });
  });

  it("toggles availability with only {isAvailable} and deletes after the spec's confirmation", async () => {
    const r = renderApp("/printer-dashboard", {
      user: me,
      routes: {
        [`GET /api/users/${me.id}/printers`]: () => json(mine),
        "PUT /api/printers/p-1": () => json(ownPrinter({ isAvailable: false, availability: false })),
        "DELETE /api/printers/p-1": () => json({ ok: true, id: "p-1" }),
      },
    });
    await r.user.click(await screen.findByRole("switch", { name: "Maria's Prusa online" }));
    await waitFor(() => expect(r.calls.find((c) => c.method === "PUT")?.body).toEqual({ isAvailable: false }));
    await r.user.click(screen.getByRole("button", { name: "Delete Maria's Prusa" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete Printer" });
    expect(within(confirm).getByText("Are you sure you want to delete this printer? This action cannot be undone.")).toBeInTheDocument();
    await r.user.click(within(confirm).getByRole("button", { name: "Delete Printer" }));
    await waitFor(() => expect(r.calls.some((c) => c.method === "DELETE" && c.path === "/api/printers/p-1")).toBe(true));
  });

  it("shows Update failed when the toggle fails", async () => {
    const r = renderApp("/printer-dashboard", {
      user: me,
      routes: { [`GET /api/users/${me.id}/printers`]: () => json(mine), "PUT /api/printers/p-1": () => apiError(500, "") },
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    await r.user.click(await screen.findByRole("switch", { name: "Maria's Prusa online" }));
    expect(await screen.findByText("Update failed")).toBeInTheDocument();
  });
});
