// Data tables (admin lists, metrics). The table scrolls sideways inside its frame on narrow
// screens instead of squeezing its columns; with `stickyHeader` the frame also gets a maximum
// height and scrolls vertically under a fixed header row, because a sticky header only sticks
// within the nearest scrolling box, which the frame is.
import { type ComponentProps, createContext, type ReactNode, useContext } from "react";
import { cn } from "./cn.ts";

export type TableProps = ComponentProps<"table"> & {
  /** Names the table for screen readers (visually hidden); use it unless a heading already does. */
  caption?: ReactNode;
  stickyHeader?: boolean;
  /** With stickyHeader, the frame's maximum height as a CSS length. */
  maxHeight?: string;
  /** Classes for the scrolling frame (margins, a different border). */
  containerClassName?: string;
};

export function Table({
  caption,
  stickyHeader = false,
  maxHeight = "min(70dvh, 40rem)",
  containerClassName,
  className,
  children,
  ...props
}: TableProps) {
  return (
    <div
      className={cn(
        "relative w-full overflow-x-auto rounded-xl border border-border bg-card",
        stickyHeader && "overflow-y-auto",
        containerClassName,
      )}
      style={stickyHeader ? { maxHeight } : undefined}
    >
      <table
        {...props}
        className={cn(
          "w-full border-separate border-spacing-0 text-left text-sm",
          stickyHeader && "[&_thead_th]:sticky [&_thead_th]:top-0 [&_thead_th]:z-10",
          className,
        )}
      >
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}

/** Where a TH sits: a column heading in THead, a row heading in TBody. */
const SectionContext = createContext<"head" | "body">("body");

export function THead({ className, ...props }: ComponentProps<"thead">) {
  return (
    <SectionContext value="head">
      <thead {...props} className={className} />
    </SectionContext>
  );
}

export function TBody({ className, ...props }: ComponentProps<"tbody">) {
  return (
    <SectionContext value="body">
      <tbody
        {...props}
        className={cn(
          // Lines between rows, none under the last one (the frame has its own border).
          "[&>tr:not(:last-child)>*]:border-b [&>tr>*]:border-border",
          "[&>tr]:transition-colors [&>tr:hover]:bg-muted",
          className,
        )}
      />
    </SectionContext>
  );
}

/** `data-selected` marks a chosen row (bulk actions). */
export function TR({ className, ...props }: ComponentProps<"tr">) {
  return (
    <tr
      {...props}
      className={cn("data-[selected=true]:bg-brand-50 dark:data-[selected=true]:bg-brand-500/10", className)}
    />
  );
}

/**
 * Cells stay on one line, so a narrow screen scrolls the table instead of stacking every word;
 * `wrap` lets a long-text column (a title, a description) wrap, at no less than 12rem.
 */
type CellProps = { wrap?: boolean };

const wrapClasses = (wrap: boolean) => (wrap ? "min-w-48 whitespace-normal" : "whitespace-nowrap");

/** A column heading in THead (scope "col"), a row heading in TBody (scope "row"). */
export function TH({ className, scope, wrap = false, ...props }: ComponentProps<"th"> & CellProps) {
  const section = useContext(SectionContext);
  const isHead = section === "head";
  return (
    <th
      {...props}
      scope={scope ?? (isHead ? "col" : "row")}
      className={cn(
        "px-3 text-left first:pl-4 last:pr-4",
        isHead
          ? "h-10 border-b border-border bg-muted text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          : "py-3 align-middle font-medium text-foreground",
        wrapClasses(wrap),
        className,
      )}
    />
  );
}

export function TD({ className, wrap = false, ...props }: ComponentProps<"td"> & CellProps) {
  return (
    <td
      {...props}
      className={cn("px-3 py-3 align-middle first:pl-4 last:pr-4", wrapClasses(wrap), className)}
    />
  );
}
