import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, so a deploy of the app code keeps the libraries cached.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "tanstack", test: /node_modules[\\/]@tanstack[\\/]/ },
            // Leaflet, three.js and Stripe stay out of the shared vendor chunk: they go with the lazily
            // loaded map, 3D preview and checkout card form, so other pages never download them.
            { name: "vendor", test: /node_modules[\\/](?!(leaflet|react-leaflet|@react-leaflet|three|@stripe|prop-types)[\\/])/ },
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
