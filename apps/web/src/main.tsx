import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { seedFirstData } from "./lib/first-data.ts";
import { captureInstallPrompt } from "./lib/install-prompt.ts";
import { queryClient } from "./lib/query-client.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";
import "./styles.css";

// Before anything else: the browser's install offer can come before React has mounted.
captureInstallPrompt();
registerServiceWorker();
// Before the first render: the page's first data, if the head script asked for it.
seedFirstData(queryClient);

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
