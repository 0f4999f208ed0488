// A small picture of the coming-soon page as visitors see it, drawn from the texts being edited:
// the product's name, the title, the description and the launch line.
import { PRODUCT_NAME, TAGLINE } from "@litverse/shared/constants";
import { Badge } from "../../components/ui/badge.tsx";
import type { ComingSoonForm } from "./coming-soon-values.ts";

export function ComingSoonPreview({ form }: { form: ComingSoonForm }) {
  const launch = form.expectedLaunchDate.trim();
  return (
    <section aria-labelledby="coming-soon-preview-heading" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="coming-soon-preview-heading" className="text-sm font-semibold">
          Preview
        </h3>
        <Badge variant={form.isComingSoonMode ? "warning" : "neutral"}>
          {form.isComingSoonMode ? "Visitors see this page" : "Shown only while the mode is on"}
        </Badge>
      </div>
      <div
        data-testid="coming-soon-preview"
        className="relative overflow-hidden rounded-2xl border border-border bg-background px-5 py-8 text-center"
      >
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.18),transparent_60%),radial-gradient(ellipse_at_bottom,rgba(192,38,211,0.12),transparent_55%)]"
        />
        <div className="relative">
          <p className="mx-auto w-fit bg-gradient-to-r from-brand-500 to-accent-500 bg-clip-text text-2xl font-extrabold tracking-tight text-transparent">
            {PRODUCT_NAME}
          </p>
          <p className="mt-1 text-[0.65rem] font-medium tracking-[0.2em] text-muted-foreground uppercase">
            {TAGLINE}
          </p>
          <p className="mt-6 text-xl font-bold break-words">
            {form.comingSoonTitle.trim() || <span className="text-muted-foreground">(no title)</span>}
          </p>
          {form.comingSoonDescription.trim() ? (
            <p className="mx-auto mt-2 max-w-md text-sm break-words whitespace-pre-line text-muted-foreground">
              {form.comingSoonDescription.trim()}
            </p>
          ) : null}
          {launch ? (
            <p className="mt-3 text-sm font-medium break-words">
              Expected Launch: <span className="text-brand-600 dark:text-brand-400">{launch}</span>
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
