import { useParams } from "react-router";
import { MyTicketPage } from "./my-ticket-page.tsx";

/** /support/:ticketId */
export function Component() {
  const { ticketId = "" } = useParams();
  return <MyTicketPage key={ticketId} ticketId={ticketId} />;
}
