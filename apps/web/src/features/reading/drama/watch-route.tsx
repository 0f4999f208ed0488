import { ReaderPage } from "../reader-page.tsx";
import { WatchPage } from "./watch-page.tsx";

export function Component() {
  return <ReaderPage kind="video" render={(ready) => <WatchPage ready={ready} />} />;
}
