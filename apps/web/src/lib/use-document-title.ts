import { PRODUCT_NAME } from "@litverse/shared/constants";
import { useEffect } from "react";

/** Names the browser tab after the page: "Explore · Litverse". Nothing while `title` is null. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}
