export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div
      className="flex min-h-screen items-center justify-center bg-background"
      role="status"
      aria-label={label}
    >
      <div className="size-10 animate-spin rounded-full border-4 border-brand-500 border-t-transparent" />
    </div>
  );
}
