import { useParams } from "react-router";
import { AdminOnly } from "../session/index.ts";
import { PersonaMessagesPage } from "./persona-messages-page.tsx";

/** /admin/fictitious-users/:userId/messages */
export function Component() {
  const { userId = "" } = useParams();
  return (
    <AdminOnly access="admin" title="Persona Messages">
      <PersonaMessagesPage key={userId} personaId={userId} />
    </AdminOnly>
  );
}
