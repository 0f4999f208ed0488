// A book's front and back matter in its contents: the pages ahead of chapter 1 (title page,
// dedication, contents…) and after the last (notes, colophon), which are not episodes.
import { FileText } from "lucide-react";
import { Link } from "react-router";
import { useBookMatter } from "./use-book-matter.ts";

/** The title's matter of one placement as a list, or nothing when it has none. */
export function MatterContents({ contentId, placement }: { contentId: string; placement: "front" | "back" }) {
  const { data } = useBookMatter(contentId);
  const pages = (data ?? []).filter((page) => page.placement === placement);
  if (pages.length === 0) return null;
  const heading = placement === "front" ? "Front matter" : "Back matter";
  return (
    <section aria-label={heading} className="-mx-5" data-testid={`matter-${placement}`}>
      <h3 className="px-5 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {heading}
      </h3>
      <ul className="pb-2">
        {pages.map((page) => (
          <li key={page._id}>
            <Link
              to={`/read/${contentId}?matter=${page.position}`}
              className="flex min-h-11 items-center gap-3 px-5 py-2 text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
            >
              <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 truncate">{page.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** At the end of the last chapter: the back matter that follows it, when the book has any. */
export function BackMatterLinks({ contentId }: { contentId: string }) {
  const { data } = useBookMatter(contentId);
  const pages = (data ?? []).filter((page) => page.placement === "back");
  if (pages.length === 0) return null;
  return (
    <nav
      aria-label="Back matter"
      className="mx-auto mt-4 w-full max-w-md text-center text-sm"
      data-testid="back-matter-links"
    >
      <p className="text-muted-foreground">After the story</p>
      <ul className="mt-1 flex flex-wrap justify-center gap-x-4 gap-y-1">
        {pages.map((page) => (
          <li key={page._id}>
            <Link
              to={`/read/${contentId}?matter=${page.position}`}
              className="font-medium text-[var(--book-link)] underline-offset-4 hover:underline"
            >
              {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
