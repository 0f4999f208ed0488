import { PlayPage } from "./play-page.tsx";

/** /interactive-stories/:storyId/play */
export function Component() {
  return <PlayPage />;
}
