import { useParams } from "react-router";
import { ProfilePage } from "./profile-page.tsx";

/** /profile/:userId */
export function Component() {
  const { userId = "" } = useParams();
  return <ProfilePage userId={userId} />;
}
