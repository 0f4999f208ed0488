// The server's settings for this web app (sign-in provider, support address, …), loaded once
// before anything renders and read anywhere below through `useClientConfig`. A copy is kept so
// that the app opens offline (lib/offline-start.ts).
import type { ClientConfig } from "@litverse/shared/client-config";
import { createContext, useContext } from "react";
import { lastKnownClientConfig, rememberClientConfig } from "./offline-start.ts";

/** The server's answer, or the last one kept on this device when the server cannot be reached. */
export async function loadClientConfig(): Promise<ClientConfig> {
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
