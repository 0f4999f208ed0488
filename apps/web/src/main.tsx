import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { handOffFirstScreen } from "./first-screen/handoff.ts";
import { captureInstallPrompt } from "./lib/install-prompt.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";
import "./styles.css";

// Before anything else: the browser's install offer can come before React has mounted.
captureInstallPrompt();
registerServiceWorker();

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");
createRoot(root, {
  // A crash above every error page leaves nothing drawn: the server's inert first screen goes too.
  onUncaughtError(error) {
    handOffFirstScreen();
    reportError(error);
  },
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
