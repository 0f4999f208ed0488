// Whether an EPUB is written vertically (vertical-rl), as its stylesheets say.

export const VERTICAL = /(?:^|[;{\s])(?:-epub-|-webkit-)?writing-mode\s*:\s*vertical-rl/i;

/** Whether CSS sets vertical-rl writing on html, body, :root or a class those elements carry. */
export function cssDeclaresVertical(css: string, rootClasses: ReadonlySet<string>): boolean {
  const cleaned = css.replace(/\/\*[\s\S]*?\*\//g, "");
  for (const match of cleaned.matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
    const [, selectors = "", declarations = ""] = match;
    if (!VERTICAL.test(`;${declarations}`)) continue;
    for (const selector of selectors.split(",")) {
      const last =
        selector
          .trim()
          .split(/[\s>+~]+/)
          .pop() ?? "";
      if (/^(html|body|:root)(?![\w-])/i.test(last)) return true;
      for (const [, name] of last.matchAll(/\.([\w-]+)/g)) {
        if (name && rootClasses.has(name)) return true;
      }
    }
  }
  return false;
}
