/** Placeholder while a route's code loads: a heading bar, three cards in a row, one large block. */
export function RouteLoading() {
  return (
    <div
      className="mx-auto max-w-[calc(var(--container-wide)+3rem)] animate-pulse space-y-6 p-6"
      role="status"
      aria-busy="true"
      aria-label="Loading"
    >
      <div className="h-8 w-1/3 rounded-lg bg-muted" />
      <div className="grid grid-cols-3 gap-4">
        <div className="h-32 rounded-xl bg-muted" />
        <div className="h-32 rounded-xl bg-muted" />
        <div className="h-32 rounded-xl bg-muted" />
      </div>
      <div className="h-64 rounded-xl bg-muted" />
    </div>
  );
}
