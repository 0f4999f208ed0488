// Links between an EPUB's documents, rewritten to point at the episode or page of matter each went to.
import { resolveHref } from "./epub-href.ts";
import { isExternalHref } from "./sanitize-chapter.ts";

export function partAnchor(part: number): string {
  return `lv-part-${part + 1}`;
}

/** An id as stored: a later document of an episode has its ids prefixed by its part's anchor. */
export function partId(part: number, id: string): string {
  return part === 0 ? id : `${partAnchor(part)}-${id}`;
}

export type LinkTargets = Map<string, { address: string; part: number }>;

/** A link as stored: within the same section a fragment, to another one its address ("?episode=3#x"). */
export function rewriteLink(
  fromDoc: string,
  href: string,
  ownAddress: string,
  location: LinkTargets,
): string | null {
  const resolved = resolveHref(fromDoc, href);
  if (!resolved) return null;
  if ("external" in resolved) return isExternalHref(resolved.external) ? resolved.external : null;
  const target = location.get(resolved.path);
  if (!target) return null;
  const fragment = resolved.fragment
    ? `#${partId(target.part, resolved.fragment)}`
    : target.part > 0
      ? `#${partAnchor(target.part)}`
      : "";
  if (target.address === ownAddress) return fragment || "#";
  return `${target.address}${fragment}`;
}
