import { useParams } from "react-router";
import { AdminOnly } from "../admin-content/admin-only.tsx";
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
