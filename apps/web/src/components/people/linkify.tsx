// Text people write, shown as text, with web addresses made into links that open safely elsewhere.
// Only http and https addresses become links; nothing of the text is ever read as markup.
import { Fragment } from "react";

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]}]/gi;

export interface TextPart {
  text: string;
  href?: string;
}

/** The text cut into plain runs and addresses (tested without a browser). */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    let href: string | undefined;
    try {
      const url = new URL(match[0]);
      if (url.protocol === "http:" || url.protocol === "https:") href = url.href;
    } catch {
      href = undefined;
    }
    parts.push(href ? { text: match[0], href } : { text: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function Linkified({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.href ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="break-all underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
