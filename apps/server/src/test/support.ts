// Support tickets as the tests open them.
import type { Platform } from "../platform.ts";
import { callerFor, type TestUser } from "./test-platform.ts";

/** A ticket about a real-sounding problem, opened through the person's own functions. */
export function askForHelp(
  platform: Platform,
  user: TestUser,
  subject = "The audiobook stops",
  category: "technical" | "payments" = "technical",
) {
  return callerFor(platform, user).support.createTicket({
    category,
    subject,
    description: "It stops when the screen locks.",
  });
}

/** The smallest PDF a ticket's attachment check takes. */
export const tinyPdf = () => Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n");
