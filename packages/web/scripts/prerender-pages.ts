import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin, type ResolvedConfig, type Rolldown } from "vite";
import { APP_SHELL, PRERENDERED_PAGES } from "./drawn-pages.ts";
import { PAGE_BUDGETS } from "./page-budgets.ts";
import { importClosure } from "./page-weight.ts";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The page's script in a build: once the browser has painted the page (a frame, then a task), it
 * asks for the site's entry and the modules it imports (`modules`, which Vite would have preloaded
 * from the HTML) and starts it. The drawn page is complete without scripts; fetched from the start,
 * the scripts would share the slow network with the HTML and stylesheet the first paint needs, and
 * when cached (the service worker) they would run before the first paint and keep the page off
 * screen for as long as they take on a slow phone. The timeout starts a page opened in a background
 * tab, which gets no animation frames. The entry's libraries (React, the router, the rest) are
 * started one per task before the entry: run with it they were one task of ~150 ms on a slow phone,
 * during which a tap waits (Lighthouse's total blocking time; /upload 89 -> 95 with this alone).
 * Modules run in the same order either way: a module's imports always run before it. Plain
 * JavaScript written into the build: it only needs the hashed names. (The dev server serves
 * src/main.tsx directly.)
 */
const BOOT_SOURCE = (entry: string, modules: string[], screens: ScreenFiles[]) =>
  `let started = false;
const modules = ${JSON.stringify(modules)};
const preload = (href) => {
  const link = document.createElement("link");
  link.rel = "modulepreload";
  link.crossOrigin = "";
  link.href = href;
  document.head.append(link);
};
const start = async () => {
  if (started) return;
  started = true;
  [${JSON.stringify(entry)}, ...modules].forEach(preload);
  const screen = ${JSON.stringify(screens)}.find(([route]) => new RegExp(route).test(location.pathname));
  if (screen) screen[1].forEach(preload);
  try {
    for (const href of modules) {
      await import(href);
      await new Promise((next) => setTimeout(next, 0));
    }
    await import(${JSON.stringify(entry)});
  } catch (error) {
    console.error("The app failed to load", error);
  }
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 500);
`;

/** A route's address as a regular expression (`/order/$id`: any one segment) and its screen's files. */
type ScreenFiles = [route: string, files: string[]];

/**
 * Each budgeted route's screen chunk and the chunks it imports, less the entry's (scripts/page-budgets.ts
 * names each route's screen module). The boot script asks for the current address's screen beside the
 * entry: the app would only ask for it once the entry had run, one more round trip on a slow network
 * before a signed-in screen can show (issue 13, Lighthouse's largest contentful paint).
 */
function screenFiles(bundle: Rolldown.OutputBundle, root: string, base: string, entryChunk: Rolldown.OutputChunk): ScreenFiles[] {
  const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === "chunk" ? [[c.fileName, c] as const] : [])));
  const importsOf = (file: string) => chunks.get(file)?.imports ?? [];
  const shell = new Set(importClosure([entryChunk.fileName], importsOf));
  return PAGE_BUDGETS.map(({ route, page }): ScreenFiles => {
    const chunk = [...chunks.values()].find((c) => c.facadeModuleId === resolve(root, page));
    if (!chunk) throw new Error(`the build has no chunk for ${page} (${route})`);
    const pattern = `^${route.replace(/\$[^/]+/g, "[^/]+").replace(/\/$/, "")}/?$`;
    const files = importClosure([chunk.fileName], importsOf).filter((f) => !shell.has(f));
    return [pattern, files.map((f) => `${base}${f}`)];
  });
}

/** What the app shell asks for beside its stylesheet: the app's scripts and the session (GET /api/auth/user, spec 1 §7). */
function appShellPreloads(modules: string[]): string {
  return [
    ...modules.map((href) => `    <link rel="modulepreload" crossorigin href="${href}">`),
    `    <link rel="preload" as="fetch" crossorigin href="/api/auth/user">`,
  ].join("\n");
}

/**
 * Vite plugin: after the site's build is written, builds src/prerender.tsx for Node, renders each
 * page in a child process (scripts/prerender-run.mjs: no API, every fetch left unanswered) and
 * writes the built index.html with that markup inside #root, one file per page. It runs before
 * vite-plugin-pwa's closeBundle, so the service worker precaches the drawn pages.
 *
 * Written here rather than taken from a prerender plugin: those render into `/pricing/index.html`
 * (the CDN asks for `/pricing.html`) and cannot hand the router its "no API" context.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  let boot: { file: string; source: string; modules: string[] } | undefined;
  return {
    name: "printhood:prerender-pages",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    // The app starts after the first paint (BOOT_SOURCE): the page's script is a small boot file
    // that then fetches the entry and its imports, which Vite's HTML would have preloaded at once.
    transformIndexHtml: {
      order: "post",
      handler(html, { chunk, bundle }) {
        if (!chunk || !bundle) return;
        const entry = `${config.base}${chunk.fileName}`;
        const tag = `<script type="module" crossorigin src="${entry}"></script>`;
        if (!html.includes(tag)) throw new Error(`index.html has no ${tag} to start after the first paint`);
        const preload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
        const modules = [...html.matchAll(preload)].map((m) => m[1] as string);
        const source = BOOT_SOURCE(entry, modules, screenFiles(bundle, config.root, config.base, chunk));
        boot = {
          file: `assets/boot-${createHash("sha256").update(source).digest("hex").slice(0, 8)}.js`,
          source,
          modules: [entry, ...modules],
        };
        return html.replace(preload, "").replace(tag, `<script type="module" crossorigin src="${config.base}${boot.file}"></script>`);
      },
    },
    async writeBundle() {
      if (config.build.ssr) return; // the nested build below
      const outDir = resolve(config.root, config.build.outDir);
      if (!boot) throw new Error("the page's boot script was not made (transformIndexHtml)");
      writeFileSync(join(outDir, boot.file), boot.source);
      const ssrDir = join(config.root, "node_modules/.prerender");
      await build({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: "warn",
        build: {
          ssr: "src/prerender.tsx",
          outDir: ssrDir,
          emptyOutDir: true,
          manifest: false,
          copyPublicDir: false,
        },
      });
      const pages = { ...PRERENDERED_PAGES, [APP_SHELL.path]: APP_SHELL.file };
      const markup = JSON.parse(
        execFileSync(process.execPath, [join(here, "prerender-run.mjs"), join(ssrDir, "prerender.js"), ...Object.keys(pages)], {
          env: { ...process.env, NODE_ENV: "production" },
          maxBuffer: 64 * 1024 * 1024,
          encoding: "utf8",
        }),
      ) as Record<string, string>;
      const template = readFileSync(join(outDir, "index.html"), "utf8");
      const root = '<div id="root"></div>';
      if (!template.includes(root)) throw new Error(`index.html has no empty ${root} to draw the pages into`);
      for (const [path, file] of Object.entries(pages)) {
        const html = markup[path];
        if (!html) throw new Error(`the prerender drew nothing for ${path}`);
        // The page is inert until the app replaces it: a button or a field of the drawn markup has
        // nothing behind it yet, and a click or typing there would be lost. Links in the header
        // still work, and the text can be read.
        const main = '<main id="main"';
        if (!html.includes(main)) throw new Error(`the prerender of ${path} has no ${main}>`);
        let page = template.replace(root, `<div id="root">${html.replace(main, `${main} inert=""`)}</div>`);
        // The shell shows nothing but a spinner until the app has drawn the screen, so there the
        // scripts and the session (which every signed-in screen waits for) are asked for at once.
        if (file === APP_SHELL.file) page = page.replace("</head>", `${appShellPreloads(boot.modules)}\n  </head>`);
        writeFileSync(join(outDir, file), page);
      }
    },
  };
}
