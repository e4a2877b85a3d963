// Page weight (issue 13, docs/architecture.md "Page weight"): from Vite's build manifest, the gzipped
// JavaScript each route loads on its first visit, checked against the budgets of ./page-budgets.ts.
// Pure (no Node APIs): `npm run size:web` (./size-web.ts) reads the build and prints the table, and the
// web tests run the same check on the build and on made-up manifests.

/** One chunk of Vite's `dist/.vite/manifest.json` (the fields read here). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  /** Files the chunk refers to by URL: a Web Worker's script (the upload page's analysis) is one. */
  assets?: string[];
}

/** Vite's manifest: chunks by key (a source path such as `src/pages/LandingPage.tsx`, or `_name-hash.js`). */
export type Manifest = Record<string, ManifestChunk>;

/** A route's budget: its address, the lazily loaded module of its screen, and the most gzipped JS its first visit may load. */
export interface PageBudget {
  route: string;
  /** The module the route's component imports (`lazyRouteComponent`), as the manifest names it (`src/pages/…`). */
  page: string;
  /** Kilobytes of gzipped JavaScript (1 kB = 1000 bytes, as Vite prints them). */
  kb: number;
  /** Kilobytes the screen may load afterwards, on demand (the 3D preview, the map, the card form); none when absent. */
  laterKb?: number;
}

/** A module loaded only when a page asks for it (three.js, Leaflet, the card form), and the routes that may. */
export interface OnDemand {
  /** The dynamically imported module, as the manifest names it. */
  module: string;
  /** What it carries, for the report. */
  what: string;
  /** The only routes whose screens may load it. */
  routes: readonly string[];
}

export interface RouteWeight {
  route: string;
  page: string;
  /** Files the first visit loads: the entry and its static imports, the screen's chunk and its static imports. */
  files: string[];
  bytes: number;
  budgetBytes: number;
  /** Files the screen may load afterwards (its dynamic imports and workers: the 3D preview, the map, the card form, the analysis). */
  later: string[];
  laterBytes: number;
  laterBudgetBytes: number;
}

export interface PageWeightReport {
  /**
   * The first load of every address (the entry and its static imports), and what the entry itself
   * loads on demand on any page (the signed-in header's menus), weighed once here, not per route.
   */
  shell: { files: string[]; bytes: number; later: string[]; laterBytes: number; laterBudgetBytes: number };
  routes: RouteWeight[];
  /** One sentence per broken rule: a route over budget, a screen not split off, a library loaded where it must not be. */
  problems: string[];
}

export const KB = 1000;

/** The entry chunk (index.html's script). */
export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in the build manifest, found ${entries.length}: ${entries.join(", ")}`);
  return entries[0]!;
}

/** `starts` and what they import, transitively, in visit order (`importsOf` gives a file's static imports). */
export function importClosure(starts: readonly string[], importsOf: (key: string) => readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const k of importsOf(key)) visit(k);
  };
  for (const k of starts) visit(k);
  return [...seen];
}

/** The chunks loaded with `keys`: each one and its static imports, transitively (manifest keys, in load order). */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  return importClosure(keys, (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk ${key}`);
    return chunk.imports ?? [];
  });
}

/**
 * What a page may load after its first visit: the dynamic imports of the chunks it has loaded (and
 * what those load), transitively, leaving out `screens` (the routes' own screens, which the entry
 * imports for navigation: each is weighed as its own route).
 */
export function laterClosure(manifest: Manifest, loaded: readonly string[], screens: ReadonlySet<string>): string[] {
  const have = new Set(loaded);
  const later = new Set<string>();
  const queue = loaded.flatMap((k) => manifest[k]?.dynamicImports ?? []);
  while (queue.length) {
    const key = queue.shift()!;
    if (screens.has(key)) continue;
    for (const k of staticClosure(manifest, [key])) {
      if (have.has(k) || later.has(k)) continue;
      later.add(k);
      queue.push(...(manifest[k]?.dynamicImports ?? []));
    }
  }
  return [...later];
}

/**
 * Weighs every budgeted route. `gzipBytes` gives a built file's gzipped size (read from dist by
 * size-web.ts, made up in tests). The entry's dynamic imports are the routes' screens, each
 * counting only for its own route, and what the shell loads on demand on every page, within
 * `shellLaterKb` and left out of the routes' own "later".
 */
export function weighPages(
  manifest: Manifest,
  gzipBytes: (file: string) => number,
  budgets: readonly PageBudget[],
  onDemand: readonly OnDemand[] = [],
  shellLaterKb = 0,
): PageWeightReport {
  const problems: string[] = [];
  const entry = entryKey(manifest);
  const shellKeys = staticClosure(manifest, [entry]);
  const sum = (keys: readonly string[]) => keys.reduce((n, k) => n + gzipBytes(manifest[k]!.file), 0);
  const files = (keys: readonly string[]) => keys.map((k) => manifest[k]!.file);
  const workers = (keys: readonly string[]) => [
    ...new Set(keys.flatMap((k) => (manifest[k]!.assets ?? []).filter((f) => f.endsWith(".js")))),
  ];

  const screens = new Set(budgets.map((b) => b.page));
  const shellLater = laterClosure(manifest, shellKeys, screens);
  const shellLaterBytes = sum(shellLater);
  if (shellLaterBytes > shellLaterKb * KB) {
    problems.push(
      `Every page: ${formatKb(shellLaterBytes)} of gzipped JavaScript the shell loads on demand (${files(shellLater).join(", ")}), over its budget of ${shellLaterKb} kB`,
    );
  }
  const routes: RouteWeight[] = [];
  for (const b of budgets) {
    const page = manifest[b.page];
    if (!page) {
      problems.push(`${b.route}: the build has no chunk for ${b.page} (renamed, or not imported by its route?)`);
      continue;
    }
    if (!page.isDynamicEntry || !(manifest[entry]!.dynamicImports ?? []).includes(b.page)) {
      problems.push(`${b.route}: ${b.page} is not code-split (the route must import it lazily)`);
    }
    const first = staticClosure(manifest, [entry, b.page]);
    const later = laterClosure(manifest, [...first, ...shellLater], screens);
    const laterFiles = [...files(later), ...workers([...first, ...later])];
    const weight: RouteWeight = {
      route: b.route,
      page: b.page,
      files: files(first),
      bytes: sum(first),
      budgetBytes: b.kb * KB,
      later: laterFiles,
      laterBytes: laterFiles.reduce((n, f) => n + gzipBytes(f), 0),
      laterBudgetBytes: (b.laterKb ?? 0) * KB,
    };
    if (weight.bytes > weight.budgetBytes) {
      problems.push(`${b.route}: ${formatKb(weight.bytes)} of gzipped JavaScript on the first visit, over its budget of ${b.kb} kB`);
    }
    if (weight.laterBytes > weight.laterBudgetBytes) {
      problems.push(
        `${b.route}: ${formatKb(weight.laterBytes)} of gzipped JavaScript loaded on demand (${laterFiles.join(", ")}), over its budget of ${b.laterKb ?? 0} kB`,
      );
    }
    for (const d of onDemand) {
      if (!manifest[d.module]) continue;
      if (first.includes(d.module)) problems.push(`${b.route}: loads ${d.what} (${d.module}) on its first visit; it must load on demand`);
      else if (later.includes(d.module) && !d.routes.includes(b.route)) {
        problems.push(`${b.route}: may load ${d.what} (${d.module}); only ${d.routes.join(", ")} may`);
      }
    }
    routes.push(weight);
  }
  for (const d of onDemand) {
    if (!manifest[d.module]) problems.push(`The build has no chunk for ${d.module} (${d.what}): it must stay a lazily loaded module`);
    else if (shellKeys.includes(d.module)) problems.push(`The first load of every page includes ${d.what} (${d.module})`);
  }
  return {
    shell: {
      files: files(shellKeys),
      bytes: sum(shellKeys),
      later: files(shellLater),
      laterBytes: shellLaterBytes,
      laterBudgetBytes: shellLaterKb * KB,
    },
    routes,
    problems,
  };
}

export const formatKb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

/** The table `npm run size:web` prints, then the problems (if any). */
export function formatReport(report: PageWeightReport): string {
  const rows = [
    ["Route", "First visit (gzip)", "Budget", "Left", "Later, on demand", "Budget"],
    ...report.routes.map((r) => [
      r.route,
      formatKb(r.bytes),
      formatKb(r.budgetBytes),
      formatKb(r.budgetBytes - r.bytes),
      r.later.length
        ? `${formatKb(r.laterBytes)} (${r.later.map((f) => f.replace(/^.*\//, "").replace(/-[\w-]{8}\.js$/, "")).join(", ")})`
        : "",
      r.laterBudgetBytes ? formatKb(r.laterBudgetBytes) : "",
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, i) => (i === 0 || i === 4 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("  ")
      .trimEnd(),
  );
  lines.splice(1, 0, widths.map((w) => "-".repeat(w)).join("  "));
  lines.unshift(
    `Every page's first load (entry and its imports): ${formatKb(report.shell.bytes)} gzipped, ${report.shell.files.length} files`,
    ...(report.shell.later.length
      ? [
          `Every page, later, on demand (the signed-in header's menus): ${formatKb(report.shell.laterBytes)} gzipped, ${report.shell.later.length} files (budget ${formatKb(report.shell.laterBudgetBytes)})`,
        ]
      : []),
    "",
  );
  lines.push(
    "",
    report.problems.length
      ? `Over budget or misplaced:\n${report.problems.map((p) => `  - ${p}`).join("\n")}`
      : "Every route is within its budget.",
  );
  return lines.join("\n");
}
