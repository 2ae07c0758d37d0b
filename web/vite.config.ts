// The console's build (`npm run build` runs `vite build web` after tsc): web/ -> web/dist, which
// `fray serve` serves at `/`. `npx vite web` serves it with hot reload, sending the API's
// requests to a `fray serve` on port 4000.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const API = "http://127.0.0.1:4000";
const apiPaths = ["/encounters", "/rulesets", "/simulations", "/exchange-odds", "/openapi.json"];

export default defineConfig({
  plugins: [react()],
  // Relative asset paths: the console works wherever it is mounted.
  base: "./",
  // The chart chunk (Vega, about 800 kB) loads only when a simulation is drawn.
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: { proxy: Object.fromEntries(apiPaths.map((path) => [path, API])) },
});
