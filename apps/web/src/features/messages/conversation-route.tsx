import { useParams } from "react-router";
import { MessagesLayout } from "./messages-layout.tsx";

/** /messages/:partnerId */
export function Component() {
  const { partnerId = "" } = useParams();
  return <MessagesLayout partnerId={partnerId} />;
}
