import { useParams } from "react-router";
import { AdminOnly } from "../../session/index.ts";
import { StoryEditPage } from "./story-edit-page.tsx";

/** /admin/stories/:storyId/edit */
export function Component() {
  const { storyId = "" } = useParams();
  return (
    <AdminOnly title="Edit Story">
      <StoryEditPage key={storyId} storyId={storyId} />
    </AdminOnly>
  );
}
