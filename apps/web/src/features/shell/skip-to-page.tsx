// On wide screens the navigation beside the page holds some forty links ahead of the page: the
// first Tab offers to pass them. (Phones and tablets have none there, and no such link.)
export function SkipToPage({ targetId }: { targetId: string }) {
  return (
    <a
      href={`#${targetId}`}
      onClick={(event) => {
        // Focus moves without the address gaining a fragment.
        event.preventDefault();
        document.getElementById(targetId)?.focus();
      }}
      className="sr-only z-50 hidden rounded-lg bg-card px-4 py-2 text-sm font-semibold shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 lg:block"
    >
      Skip to the page
    </a>
  );
}
