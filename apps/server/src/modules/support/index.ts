// What the support module offers the other modules; everything else in this folder is its own.
export { getUnattendedTicketCount } from "./support.service.ts";
export { SUPPORT_TICKETS_TOPIC } from "./ticket-store.ts";
