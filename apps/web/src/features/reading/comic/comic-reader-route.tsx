import { ReaderPage } from "../reader-page.tsx";
import { ComicReader } from "./comic-reader.tsx";

export function Component() {
  return <ReaderPage kind="comic" render={(ready) => <ComicReader ready={ready} />} />;
}
