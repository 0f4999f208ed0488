import { useParams } from "react-router";
import { ClubPage } from "./club-page.tsx";

export function Component() {
  const { clubId = "" } = useParams();
  return <ClubPage key={clubId} clubId={clubId} />;
}
