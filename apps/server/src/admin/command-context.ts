// What an admin command works with, whether the command line or a running server runs it.
import type { Platform } from "../platform.ts";

export interface CommandContext {
  platform: Platform;
  /** True when a running server runs the command for the command line (its background jobs run too). */
  isServer: boolean;
  /** Shows how a long command is getting on. */
  report(line: string): void;
}
