import { MyTicketsPage } from "./my-tickets-page.tsx";

/** /support */
export function Component() {
  return <MyTicketsPage />;
}
