// The support queue's filters in the page's address (?status=&priority=&category=&assignee=
// &unattended=1&q=), read into the queue function's input by the page and by the server drawing
// its first screen. Values are passed on as written: the function refuses what it does not know.
import type { AddressQuery } from "./address-query.ts";
import type { SupportCategory, TicketPriority, TicketStatus } from "./support.ts";

export interface SupportQueueInput {
  status?: TicketStatus;
  /** Open tickets only, unless the address asks for every status ("status=all"). */
  activeOnly: boolean;
  priority?: TicketPriority;
  category?: SupportCategory;
  assignee?: "me" | "none";
  unattended: boolean;
  query?: string;
}

export function supportQueueInputOf(params: AddressQuery): SupportQueueInput {
  const status = params.get("status");
  const priority = params.get("priority");
  const category = params.get("category");
  const assignee = params.get("assignee");
  const query = params.get("q");
  return {
    ...(status && status !== "all" ? { status: status as TicketStatus } : {}),
    activeOnly: status !== "all",
    ...(priority ? { priority: priority as TicketPriority } : {}),
    ...(category ? { category: category as SupportCategory } : {}),
    ...(assignee ? { assignee: assignee as "me" | "none" } : {}),
    unattended: params.get("unattended") === "1",
    ...(query ? { query } : {}),
  };
}
