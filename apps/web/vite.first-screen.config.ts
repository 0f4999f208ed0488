import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The server's drawing of a page's first screen (src/first-screen/render.tsx, decision 0031):
// the app's route components built for Node into one file with everything they import, in the
// build's dot folder, which is never served.
export default defineConfig({
  plugins: [react()],
  // React's production build, as in the browser (a Node build otherwise decides at run time).
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    ssr: "src/first-screen/render.tsx",
    outDir: "dist/.vite/first-screen",
    emptyOutDir: true,
    sourcemap: true,
  },
  ssr: { noExternal: true, target: "node" },
});
