import type { ComponentProps } from "react";
import { cn } from "./cn.ts";

/** The two page widths (styles.css): a reading measure for text and forms, wide for grids and tables. */
export type PageWidth = "reading" | "wide";

// The measure is the content's: the side margins (1.5rem each from `sm`, where a page can first be
// this wide) come on top of it.
const WIDTHS: Record<PageWidth, string> = {
  reading: "max-w-[calc(var(--container-reading)+3rem)]",
  wide: "max-w-[calc(var(--container-wide)+3rem)]",
};

/**
 * The outer frame of a page in the app's shell, its `<main>`: centred, at one of the two page
 * widths, with the page's side margins. The page adds its own vertical spacing; `gutter={false}`
 * leaves the side margins to the page, for one that runs to the screen's edges on phones.
 */
export function Page({
  width,
  gutter = true,
  className,
  ...props
}: ComponentProps<"main"> & { width: PageWidth; gutter?: boolean }) {
  return (
    <main {...props} className={cn("mx-auto w-full", WIDTHS[width], gutter && "px-4 sm:px-6", className)} />
  );
}
