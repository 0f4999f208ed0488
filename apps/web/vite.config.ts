import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// In development the API server runs on API_PORT and Vite serves the app on PORT with hot reload,
// forwarding everything the server owns.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "3001"}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: "dist", sourcemap: true, chunkSizeWarningLimit: 600 },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      "/api/ws": { target: apiTarget, ws: true },
      "/api": apiTarget,
      "/media": apiTarget,
      "/oidc": apiTarget,
      "/healthz": apiTarget,
    },
  },
});
