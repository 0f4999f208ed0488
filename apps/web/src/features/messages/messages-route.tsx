import { MessagesLayout } from "./messages-layout.tsx";

/** /messages */
export function Component() {
  return <MessagesLayout partnerId={null} />;
}
