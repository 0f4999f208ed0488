import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { firstLoad } from "./build/first-load.ts";
import { BOOK_PAGE_SCRIPT_FILE, HEAD_SCRIPT_FILE, inlineScript } from "./build/inline-script.ts";
import { routeChunks } from "./build/route-chunks.ts";
import { serviceWorker } from "./service-worker/vite-plugin.ts";

// In development the API server runs on API_PORT and Vite serves the app on PORT with hot reload,
// forwarding everything the server owns.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "3001"}`;

// Fewer, larger files for a page's first load (decision 0030): home's code beyond the entry in one
// file; what at least 15 pages use in two more, the part explore needs (fields, lists, empty
// states) apart from the rest (the schema library, dialogs and menus), which explore would load for
// nothing; what the title page and the readers share, and at most 8 other pages use, in a fourth.
const READING_ROUTES = [
  "/content/:contentId",
  "/read/:contentId",
  "/listen/:contentId",
  "/read-comic/:contentId",
  "/watch/:contentId",
];
const chunks = routeChunks({
  router: "src/app/routes.tsx",
  families: [
    { name: "home", routes: ["/"], minRoutes: 1 },
    { name: "shared", routes: "*", minRoutes: 15, reachedFrom: ["/explore"] },
    { name: "common", routes: "*", minRoutes: 15 },
    { name: "reading", routes: READING_ROUTES, minRoutes: 2, maxOtherRoutes: 8 },
  ],
});

export default defineConfig({
  // The build also writes dist/sw.js, the service worker with its precache list (decision 0006).
  plugins: [
    react(),
    tailwindcss(),
    chunks.plugin,
    serviceWorker({
      source: "service-worker/sw.js",
      publicShell: ["favicon.svg", "manifest.webmanifest", "icons/"],
    }),
    // Each route's preload list, the first-load budgets, and compressed copies (decision 0028).
    // Home, the title page and the readers: at most 8 files beyond the entry (33 to 42 before
    // decision 0030).
    firstLoad({
      router: "src/app/routes.tsx",
      fileBudget: { routes: ["/", ...READING_ROUTES], maxFiles: 8 },
      // Home and explore need no input schema, toast or menu to show themselves: a constant taken
      // from a schema's module brought the whole schema library (30 KB gzipped) into home's first
      // load; a statically imported `toast` the toasts' library; an ad's menu the UI kit's menus.
      keptOut: {
        routes: ["/", "/explore"],
        packages: ["zod", "sonner", "@radix-ui/react-dropdown-menu", "@radix-ui/react-dialog"],
      },
    }),
    // The script the server writes into each page's head, asking for its first data (decision 0029).
    inlineScript({ entry: "src/first-data-request.ts", file: HEAD_SCRIPT_FILE }),
    // The script that lays out a book chapter drawn on the server (decision 0031).
    inlineScript({ entry: "src/first-screen/book-page.ts", file: BOOK_PAGE_SCRIPT_FILE }),
  ],
  // The manifest tells the benchmarks which files a page loads (bench/catalogue.ts).
  build: {
    outDir: "dist",
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
    // The silent sign-in renewal's landing page is a page of its own (src/silent-callback.ts).
    rolldownOptions: {
      input: { index: "index.html", "silent-callback": "silent-callback.html" },
      // A feature's index.ts only re-exports: a page that takes one thing from it gets that thing's
      // module, not every module the index names.
      treeshake: { moduleSideEffects: [{ test: /\/src\/features\/[^/]+\/index\.ts$/, sideEffects: false }] },
      output: {
        // Chunks made from groups may import each other; modules still run in their source order.
        strictExecutionOrder: true,
        codeSplitting: {
          groups: chunks.groups,
          // Each icon used by several pages would be a file of its own (a few hundred bytes), and on
          // a phone's connection every request costs a round trip: icons are copied into the
          // chunks that use them instead. They hold no state, so a copy behaves as the original.
          experimentalInlineCommonChunks: {
            maxSize: 4096,
            exclude: (id: string) => !/[\\/]node_modules[\\/]lucide-react[\\/]/.test(id),
          },
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      "/api/ws": { target: apiTarget, ws: true },
      "/api": apiTarget,
      "/media": apiTarget,
      "/oidc": apiTarget,
      "/healthz": apiTarget,
      "/readyz": apiTarget,
    },
  },
});
