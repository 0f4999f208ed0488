import { ReaderPage } from "../reader/reader-page.tsx";
import { BookReader } from "./book-reader.tsx";

export function Component() {
  return <ReaderPage kind="book" render={(ready) => <BookReader ready={ready} />} />;
}
