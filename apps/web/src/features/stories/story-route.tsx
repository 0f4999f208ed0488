import { StoryPage } from "./story-page.tsx";

/** /interactive-stories/:storyId */
export function Component() {
  return <StoryPage />;
}
