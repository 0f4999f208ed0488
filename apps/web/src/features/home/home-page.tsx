import { PRODUCT_NAME } from "@litverse/shared/constants";
import { BookOpen, Compass, Library } from "lucide-react";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";
import { AgeGate } from "../auth/age-gate-dialog.tsx";
import { SignInButton } from "../auth/sign-in-button.tsx";

const SHORTCUTS = [
  { icon: Compass, label: "Explore Content", to: "/explore" },
  { icon: BookOpen, label: "Interactive Stories", to: "/interactive-stories" },
  { icon: Library, label: "My Library", to: "/my-library" },
];

export function HomePage() {
  const me = useLiveQuery(trpc.users.getCurrentUser.queryOptions());
  const name = me.data?.name ?? me.data?.handle;
  return (
    <div className="min-h-screen bg-background">
      <header className="sticky top-0 z-30 border-b border-border bg-background/80 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <span className="bg-gradient-to-r from-brand-500 to-accent-500 bg-clip-text text-xl font-extrabold text-transparent">
            {PRODUCT_NAME}
          </span>
          <SignInButton />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-2xl font-bold sm:text-3xl" data-testid="welcome">
          {name ? `Welcome back, ${name}!` : "Welcome back!"}
        </h1>
        <p className="mt-1 text-muted-foreground">Pick up where you left off, or find something new.</p>
        <nav className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Shortcuts">
          {SHORTCUTS.map(({ icon: Icon, label, to }) => (
            <a
              key={to}
              href={to}
              className="flex items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 font-medium shadow-sm transition hover:border-brand-500"
            >
              <Icon className="size-5 text-brand-500" aria-hidden />
              {label}
            </a>
          ))}
        </nav>
      </main>
      <AgeGate />
    </div>
  );
}
