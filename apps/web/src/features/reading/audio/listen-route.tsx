import { ReaderPage } from "../reader-page.tsx";
import { ListenPage } from "./listen-page.tsx";

export function Component() {
  return <ReaderPage kind="audio" render={(ready) => <ListenPage ready={ready} />} />;
}
