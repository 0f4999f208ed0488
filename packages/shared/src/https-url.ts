// An outside address people are sent to (an ad's link, a newsletter's button): https only, a real
// host name, nothing hidden before the host.
import { z } from "zod";

export const httpsUrl = z
  .string()
  .trim()
  .max(2_000, "That address is too long")
  .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, message: "Give a full https:// address" }))
  // No name and password before the host: an address that hides where it leads.
  .refine((value) => !/^https:\/\/[^/?#]*@/i.test(value), "Give a full https:// address");
