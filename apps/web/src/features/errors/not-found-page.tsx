import { useEffect } from "react";
import { Link, useLocation } from "react-router";

export function Component() {
  const location = useLocation();
  useEffect(() => {
    console.error("404: no page at", location.pathname);
  }, [location.pathname]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-background p-6 text-center">
      <p className="text-6xl font-bold text-brand-500">404</p>
      <h1 className="text-2xl font-semibold">Page Not Found</h1>
      <p className="text-muted-foreground">This page does not exist.</p>
      <Link
        to="/"
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        Return to Home
      </Link>
    </main>
  );
}
