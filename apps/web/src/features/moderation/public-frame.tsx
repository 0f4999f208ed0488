// The frame of the notice pages, which anyone may open, signed in or not: the wordmark leading home,
// the theme toggle, and the page in the reading measure. Drawn outside the app's shell, whose menu
// and wallet are for people signed in.
import { PRODUCT_NAME } from "@litverse/shared/constants";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Page } from "../../components/ui/page.tsx";
import { ThemeToggle } from "../shell/index.ts";

export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4">
          <Link
            to="/"
            className="flex items-center gap-2 rounded-lg px-1"
            aria-label={`${PRODUCT_NAME} home`}
          >
            <img src="/favicon.svg" alt="" className="size-8" />
            <span className="bg-gradient-to-r from-brand-500 to-accent-500 bg-clip-text text-xl font-extrabold text-transparent">
              {PRODUCT_NAME}
            </span>
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <Page width="reading" className="space-y-6 py-8">
        {children}
      </Page>
    </div>
  );
}
