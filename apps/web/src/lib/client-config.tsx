// The server's settings for this web app (sign-in provider, support address, …), loaded once
// before anything renders and read anywhere below through `useClientConfig`. A copy is kept so
// that the app opens offline (lib/offline-start.ts).
import type { ClientConfig } from "@litverse/shared/client-config";
import { createContext, useContext } from "react";
import { jsonInPage } from "./json-in-page.ts";
import { lastKnownClientConfig, rememberClientConfig } from "./offline-start.ts";

/** The element in which the server hands the page its configuration (apps/server/src/http/app-page.ts). */
const CONFIG_ELEMENT_ID = "client-config";

/**
 * The configuration the server wrote into the page, if it did (a page the service worker kept has
 * none), so that the app can render at once.
 */
export function clientConfigInPage(): ClientConfig | null {
  const config = jsonInPage<ClientConfig>(CONFIG_ELEMENT_ID);
  if (config) rememberClientConfig(config);
  return config;
}

/**
 * The server's configuration: from the page when the server wrote it there (saving a round trip
 * before anything can render), else its answer, else the last one kept on this device when the
 * server cannot be reached.
 */
export async function loadClientConfig(): Promise<ClientConfig> {
  const inPage = clientConfigInPage();
  if (inPage) return inPage;
  let response: Response;
  try {
    response = await fetch("/api/client-config");
  } catch (error) {
    const kept = lastKnownClientConfig<ClientConfig>();
    if (kept) return kept;
    throw error;
  }
  if (!response.ok) throw new Error(`Could not load the app's settings (${response.status}).`);
  const config = (await response.json()) as ClientConfig;
  rememberClientConfig(config);
  return config;
}

export const ClientConfigContext = createContext<ClientConfig | null>(null);

export function useClientConfig(): ClientConfig {
  const config = useContext(ClientConfigContext);
  if (!config) throw new Error("useClientConfig outside ClientConfigContext");
  return config;
}
