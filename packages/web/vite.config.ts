import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { APP_SHELL } from "./scripts/drawn-pages.ts";
import { prerenderPages } from "./scripts/prerender-pages.ts";
import { sharedHelpersChunk } from "./scripts/shared-chunk.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  plugins: [
    react(),
    tailwindcss(),
    // Public pages drawn at build time, so the first paint needs no script (scripts/prerender-pages.ts).
    prerenderPages(),
    // The installable app (issue 10): a web manifest and a Workbox service worker, still at /sw.js
    // (spec 2 §1), that precaches the app shell so the site opens offline. It registers itself from
    // src/pwa/register.ts (production builds only). API answers are never cached: the worker has no
    // runtime caching at all, and navigations to /api are not answered with the shell.
    VitePWA({
      strategies: "generateSW",
      filename: "sw.js",
      injectRegister: false,
      registerType: "autoUpdate",
      manifest: {
        name: "Printhood",
        short_name: "Printhood",
        description: "Local 3D printing in Northern Colorado. Create. Connect. Print.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: "#ffffff",
        theme_color: "#059669",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
          { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
        ],
      },
      workbox: {
        // The shell: the page, its scripts and styles, icons. The lazily loaded 3D preview and map
        // (three.js, Leaflet) and the analysis worker stay out: large, and useless without the network.
        globPatterns: ["**/*.{html,js,css,svg,png,webmanifest}"],
        globIgnores: ["**/ModelPreview-*.js", "**/three*.js", "**/*leaflet*.js", "**/PrinterMap*.js", "**/analysis.worker*.js"],
        navigateFallback: `/${APP_SHELL.file}`,
        navigateFallbackDenylist: [/^\/api\//, /^\/stripe-test\//],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page's module loads, read by `npm run size:web`
    // and the page-weight test (scripts/page-weight.ts, docs/architecture.md "Page weight").
    manifest: true,
    // The 3D preview's chunk (three.js, ~550 kB, ~140 kB gzipped) is the one past Vite's 500 kB warning;
    // it loads only when a design is previewed, never on a page's first load, and what each page does
    // load has its own budget (the page-weight test). The warning would only tell a newcomer's
    // `npm start` about a size that is checked elsewhere on purpose.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, so a deploy of the app code keeps the libraries cached.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "tanstack", test: /node_modules[\\/]@tanstack[\\/]/ },
            // Only the libraries of the first load (the shell: header menus, the API client). What
            // a page alone uses (zod on the contact form, Headless UI's tabs and dialogs) goes with
            // that page's chunk, and Leaflet, three.js and Stripe with the lazily loaded map, 3D
            // preview and checkout card form, so other pages never download them.
            { name: "vendor", test: /node_modules[\\/]/, tags: ["$initial"] },
            // Our own modules of the first load stay in the entry: left to itself, the bundler makes a
            // chunk of each one a screen also imports (the toasts, the query keys, the error texts), five
            // more requests before anything starts, and six at a time is all HTTP/1.1 gives a page.
            { name: "shell", test: /packages[\\/](web|core)[\\/]/, tags: ["$initial"] },
            // The small helpers the screens share, in one chunk rather than one each (scripts/shared-chunk.ts).
            { name: sharedHelpersChunk(), debugName: "common", includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": {
        target: process.env.API_URL ?? "http://localhost:3000",
        changeOrigin: false,
      },
    },
  },
});
