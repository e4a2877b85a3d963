import { describe, expect, it } from "vitest";
import { ON_DEMAND, PAGE_BUDGETS } from "../scripts/page-budgets";
import { formatReport, KB, type Manifest, type OnDemand, weighPages } from "../scripts/page-weight";
import { createQueryClient } from "../src/api/queryClient";
import { createAppRouter } from "../src/router";

// The page-weight check (issue 13, docs/architecture.md "Page weight") on made-up builds: it must be
// able to fail. page-weight.node.test.ts runs the same check on the real build.

/** A build like Vite's: the entry (react, the shell), three screens, a card form loaded on demand. */
function build(): Manifest {
  return {
    "index.html": {
      file: "assets/index.js",
      isEntry: true,
      imports: ["_react.js", "_shell.js"],
      dynamicImports: ["src/pages/Landing.tsx", "src/pages/Checkout.tsx", "src/pages/Upload.tsx"],
    },
    "_react.js": { file: "assets/react.js" },
    "_shell.js": { file: "assets/shell.js", imports: ["_react.js"] },
    "_forms.js": { file: "assets/forms.js", imports: ["_react.js"] },
    "src/pages/Landing.tsx": { file: "assets/Landing.js", isDynamicEntry: true, imports: ["_react.js", "index.html"] },
    "src/pages/Checkout.tsx": {
      file: "assets/Checkout.js",
      isDynamicEntry: true,
      imports: ["_forms.js", "index.html"],
      dynamicImports: ["src/pages/CardForm.tsx"],
    },
    "src/pages/CardForm.tsx": { file: "assets/CardForm.js", isDynamicEntry: true, imports: ["_forms.js"] },
    "src/pages/Upload.tsx": { file: "assets/Upload.js", isDynamicEntry: true, imports: ["_forms.js"], assets: ["assets/worker.js"] },
  };
}

const SIZES: Record<string, number> = {
  "assets/index.js": 10 * KB,
  "assets/react.js": 40 * KB,
  "assets/shell.js": 30 * KB,
  "assets/forms.js": 5 * KB,
  "assets/Landing.js": 3 * KB,
  "assets/Checkout.js": 4 * KB,
  "assets/CardForm.js": 6 * KB,
  "assets/Upload.js": 2 * KB,
  "assets/worker.js": 20 * KB,
};
const gz = (file: string) => {
  const n = SIZES[file];
  if (n === undefined) throw new Error(`no size for ${file}`);
  return n;
};
const CARD: OnDemand = { module: "src/pages/CardForm.tsx", what: "the card form", routes: ["/checkout"] };
const budgets = (landingKb = 90, othersKb = 90) => [
  { route: "/", page: "src/pages/Landing.tsx", kb: landingKb },
  { route: "/checkout", page: "src/pages/Checkout.tsx", kb: othersKb, laterKb: 6 },
  { route: "/upload", page: "src/pages/Upload.tsx", kb: othersKb, laterKb: 20 },
];

describe("the page-weight check", () => {
  it("adds up the entry, its imports and the route's chunk (each file once), and what the screen loads later", () => {
    const report = weighPages(build(), gz, budgets(), [CARD]);
    expect(report.problems).toEqual([]);
    expect(report.shell.bytes).toBe(80 * KB);
    const [landing, checkout, upload] = report.routes;
    expect(landing).toMatchObject({ bytes: 83 * KB, budgetBytes: 90 * KB, later: [], laterBytes: 0 });
    expect(checkout).toMatchObject({ bytes: 89 * KB, later: ["assets/CardForm.js"], laterBytes: 6 * KB });
    expect(checkout!.files).toEqual(["assets/index.js", "assets/react.js", "assets/shell.js", "assets/Checkout.js", "assets/forms.js"]);
    expect(upload).toMatchObject({ bytes: 87 * KB, later: ["assets/worker.js"], laterBytes: 20 * KB });
    expect(formatReport(report)).toContain("Every route is within its budget.");
  });

  it("fails a route over its budget", () => {
    const report = weighPages(build(), gz, budgets(82), [CARD]);
    expect(report.problems).toEqual(["/: 83.0 kB of gzipped JavaScript on the first visit, over its budget of 82 kB"]);
    expect(formatReport(report)).toContain("Over budget or misplaced:");
  });

  it("fails a route that loads more on demand than its budget allows", () => {
    const report = weighPages(
      build(),
      gz,
      budgets().map(({ laterKb, ...b }) => (b.route === "/upload" ? b : { ...b, laterKb })),
    );
    expect(report.problems).toEqual([
      "/upload: 20.0 kB of gzipped JavaScript loaded on demand (assets/worker.js), over its budget of 0 kB",
    ]);
  });

  it("fails a screen that is not code-split or not in the build", () => {
    const manifest = build();
    manifest["index.html"]!.imports!.push("src/pages/Landing.tsx");
    manifest["index.html"]!.dynamicImports = manifest["index.html"]!.dynamicImports!.filter((k) => k !== "src/pages/Landing.tsx");
    manifest["src/pages/Landing.tsx"]!.isDynamicEntry = false;
    const report = weighPages(manifest, gz, [...budgets(200, 200), { route: "/faq", page: "src/pages/Faq.tsx", kb: 200 }], [CARD]);
    expect(report.problems).toEqual([
      "/: src/pages/Landing.tsx is not code-split (the route must import it lazily)",
      "/faq: the build has no chunk for src/pages/Faq.tsx (renamed, or not imported by its route?)",
    ]);
  });

  it("fails when a heavy library reaches a first load or a page that does not show it", () => {
    const inShell = build();
    inShell["_shell.js"]!.imports!.push("src/pages/CardForm.tsx");
    expect(weighPages(inShell, gz, budgets(200, 200), [CARD]).problems).toEqual([
      "/: loads the card form (src/pages/CardForm.tsx) on its first visit; it must load on demand",
      "/checkout: loads the card form (src/pages/CardForm.tsx) on its first visit; it must load on demand",
      "/upload: loads the card form (src/pages/CardForm.tsx) on its first visit; it must load on demand",
      "The first load of every page includes the card form (src/pages/CardForm.tsx)",
    ]);

    const onUpload = build();
    onUpload["src/pages/Upload.tsx"]!.dynamicImports = ["src/pages/CardForm.tsx"];
    const problems = weighPages(onUpload, gz, budgets(), [CARD]).problems;
    expect(problems).toContain("/upload: may load the card form (src/pages/CardForm.tsx); only /checkout may");
  });
});

describe("the site's budgets", () => {
  const router = createAppRouter({ queryClient: createQueryClient() });
  const screens = Object.values(router.routesById).filter((r) => !r.children && r.options.component);

  it("every screen is code-split: its route's component loads it lazily", () => {
    expect(screens.length).toBeGreaterThan(20);
    for (const route of screens) {
      expect(typeof (route.options.component as { preload?: unknown }).preload, `${route.fullPath} is not lazy`).toBe("function");
    }
  });

  it("every screen has one budget, and every budget a route; the landing page's is 150 kB", () => {
    expect(PAGE_BUDGETS.map((b) => b.route).sort()).toEqual(screens.map((r) => r.fullPath).sort());
    expect(PAGE_BUDGETS.find((b) => b.route === "/")?.kb).toBe(150);
    const routes = new Set(PAGE_BUDGETS.map((b) => b.route));
    for (const d of ON_DEMAND) for (const r of d.routes) expect(routes).toContain(r);
  });
});
