import { PRODUCT_NAME, TAGLINE } from "@litverse/shared/constants";
import type { ComingSoonSettings } from "@litverse/shared/system-settings";
import { BookOpen, Sparkles, Users } from "lucide-react";
import { SignInButton } from "../session/index.ts";
import { DemoBadge, ThemeToggle } from "../shell/index.ts";

const FEATURES = [
  { icon: BookOpen, title: "Books & Comics", text: "Dive into thousands of stories" },
  { icon: Sparkles, title: "Interactive Stories", text: "Choose your own adventure" },
  { icon: Users, title: "Book Clubs", text: "Connect with fellow readers" },
];

export function ComingSoonPage({
  settings,
  supportEmail,
}: {
  settings: ComingSoonSettings;
  supportEmail: string;
}) {
  return (
    <main className="relative flex min-h-screen flex-col items-center justify-center overflow-hidden bg-background px-5 py-16 text-center">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.18),transparent_60%),radial-gradient(ellipse_at_bottom,rgba(192,38,211,0.12),transparent_55%)]"
      />
      <div className="absolute top-3 left-3 z-10">
        <DemoBadge />
      </div>
      <div className="absolute top-3 right-3 z-10">
        <ThemeToggle />
      </div>
      <div className="relative w-full max-w-3xl">
        <p className="mx-auto w-fit bg-gradient-to-r from-brand-500 to-accent-500 bg-clip-text text-4xl font-extrabold tracking-tight text-transparent sm:text-5xl">
          {PRODUCT_NAME}
        </p>
        <p className="mt-2 text-sm font-medium uppercase tracking-[0.2em] text-muted-foreground">{TAGLINE}</p>
        <h1 data-testid="coming-soon-title" className="mt-10 text-3xl font-bold sm:text-4xl">
          {settings.comingSoonTitle}
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-muted-foreground">
          {settings.comingSoonDescription}
        </p>
        {settings.expectedLaunchDate && (
          <p className="mt-4 font-medium">
            Expected Launch:{" "}
            <span className="text-brand-600 dark:text-brand-400">{settings.expectedLaunchDate}</span>
          </p>
        )}
        <ul className="mt-10 grid gap-4 sm:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-border bg-card p-5 text-left shadow-sm">
              <Icon className="size-6 text-brand-500" aria-hidden />
              <h2 className="mt-3 font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex justify-center">
          <SignInButton />
        </div>
        <p className="mt-6 text-sm text-muted-foreground">
          Want to know the moment we launch? Contact us at{" "}
          <a
            className="font-medium text-brand-600 underline dark:text-brand-400"
            href={`mailto:${supportEmail}`}
          >
            {supportEmail}
          </a>{" "}
          and we will let you know.
        </p>
      </div>
    </main>
  );
}
