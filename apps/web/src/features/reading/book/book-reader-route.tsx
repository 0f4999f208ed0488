import { useParams, useSearchParams } from "react-router";
import { ReaderPage } from "../reader-page.tsx";
import { BookReader } from "./book-reader.tsx";
import { MatterPage, matterParam } from "./matter-page.tsx";

export function Component() {
  const { contentId = "" } = useParams();
  const [params] = useSearchParams();
  // A page of the book's front or back matter rather than an episode.
  if (params.has("matter"))
    return <MatterPage contentId={contentId} position={matterParam(params.get("matter"))} />;
  return <ReaderPage kind="book" render={(ready) => <BookReader ready={ready} />} />;
}
