// What a server process tells `npm start` (scripts/start.ts), which runs it as a child process
// with an IPC channel: each step of its start, then where it listens and in which mode, for the
// console's few lines. Started any other way, the server has no channel and its log says it all.

export interface DemoAccountNote {
  email: string;
  /** The role, or what else sets the account apart ("no age yet"). */
  note: string;
}

export type ServerStartMessage =
  | { type: "step"; label: string }
  | {
      type: "ready";
      url: string;
      mode: "demo" | "production" | "development" | "test";
      /** In a demo: the accounts and their published password. */
      demo: { accounts: DemoAccountNote[]; password: string } | null;
      /** How long a stop serves on before the drain (DRAIN_NOTICE_MS): the stop takes that longer. */
      drainNoticeMs: number;
    };

export function isRunByStartScript(): boolean {
  return typeof process.send === "function";
}

export function tellStartScript(message: ServerStartMessage): void {
  process.send?.(message);
}

/** Parses a message from the server (the start script's side); anything else is null. */
export function readServerStartMessage(value: unknown): ServerStartMessage | null {
  if (typeof value !== "object" || value === null || !("type" in value)) return null;
  return value.type === "step" || value.type === "ready" ? (value as ServerStartMessage) : null;
}
