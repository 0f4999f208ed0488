import { PRODUCT_NAME, TAGLINE } from "@litverse/shared/constants";
import { Headphones, Sparkles, Users } from "lucide-react";
import { useAuth } from "react-oidc-context";
import { Link } from "react-router";
import { SignInButton } from "../session/index.ts";
import { ThemeToggle } from "../shell/index.ts";
import { DemoNotice } from "./demo-notice.tsx";

const BLURBS = [
  {
    icon: Headphones,
    title: "Four ways to enjoy a story",
    text: "Books, audiobooks, comics and visual content, released episode by episode.",
  },
  {
    icon: Users,
    title: "Communities",
    text: "Book clubs and discussions with readers who love what you love.",
  },
  {
    icon: Sparkles,
    title: "A feed made for you",
    text: "A personalized feed that learns what you like to read.",
  },
];

export function LandingPage() {
  const auth = useAuth();
  return (
    <main className="relative min-h-screen bg-background">
      <div className="absolute top-3 right-3">
        <ThemeToggle />
      </div>
      <section className="mx-auto flex max-w-5xl flex-col items-center px-5 pt-20 pb-12 text-center">
        <p className="w-fit bg-gradient-to-r from-brand-500 to-accent-500 bg-clip-text text-3xl font-extrabold text-transparent">
          {PRODUCT_NAME}
        </p>
        <p className="mt-1 text-sm uppercase tracking-[0.2em] text-muted-foreground">{TAGLINE}</p>
        <h1 className="mt-10 text-4xl font-bold tracking-tight sm:text-6xl">Discover Your Next Adventure</h1>
        <p className="mt-4 max-w-xl text-lg text-muted-foreground">
          Stories released episode by episode: read, listen and watch, and share them with friends.
        </p>
        <div className="mt-8 flex gap-3">
          <SignInButton />
          <button
            type="button"
            onClick={() => void auth.signinRedirect()}
            className="rounded-lg bg-gradient-to-r from-brand-600 to-accent-500 px-5 py-2 text-sm font-semibold text-white shadow-md hover:opacity-95"
          >
            Get Started
          </button>
        </div>
      </section>
      <div className="px-5">
        <DemoNotice />
      </div>
      <ul className="mx-auto grid max-w-5xl gap-4 px-5 pb-20 sm:grid-cols-3">
        {BLURBS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-border bg-card p-6 shadow-sm">
            <Icon className="size-6 text-brand-500" aria-hidden />
            <h2 className="mt-3 font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
      <footer className="border-t border-border px-5 py-6 text-center text-sm text-muted-foreground">
        <Link to="/report-illegal-content" className="underline hover:text-foreground">
          Report illegal content
        </Link>
      </footer>
    </main>
  );
}
