// The server's settings for this web app (sign-in provider, support address, …), loaded once
// before anything renders and read anywhere below through `useClientConfig`.
import type { ClientConfig } from "@litverse/shared/client-config";
import { createContext, useContext } from "react";

export async function loadClientConfig(): Promise<ClientConfig> {
  const response = await fetch("/api/client-config");
  if (!response.ok) throw new Error(`Could not load the app's settings (${response.status}).`);
  return (await response.json()) as ClientConfig;
}

export const ClientConfigContext = createContext<ClientConfig | null>(null);

export function useClientConfig(): ClientConfig {
  const config = useContext(ClientConfigContext);
  if (!config) throw new Error("useClientConfig outside ClientConfigContext");
  return config;
}
