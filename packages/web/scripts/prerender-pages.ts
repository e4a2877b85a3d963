import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { APP_SHELL, PRERENDERED_PAGES } from "./drawn-pages.ts";

const here = dirname(fileURLToPath(import.meta.url));

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
  return {
    name: "printhood:prerender-pages",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      if (config.build.ssr) return; // the nested build below
      const outDir = resolve(config.root, config.build.outDir);
      const ssrDir = join(config.root, "node_modules/.prerender");
      await build({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: "warn",
        build: { ssr: "src/prerender.tsx", outDir: ssrDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
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
        writeFileSync(join(outDir, file), template.replace(root, `<div id="root">${html}</div>`));
      }
    },
  };
}
