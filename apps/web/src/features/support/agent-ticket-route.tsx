import { useParams } from "react-router";
import { AdminOnly } from "../session/index.ts";
import { AgentTicketPage } from "./agent-ticket-page.tsx";

/** /admin/support/:ticketId */
export function Component() {
  const { ticketId = "" } = useParams();
  return (
    <AdminOnly title="Support Ticket">
      <AgentTicketPage key={ticketId} ticketId={ticketId} />
    </AdminOnly>
  );
}
