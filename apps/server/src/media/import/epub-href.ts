// Hrefs inside an EPUB: where a link or a picture found in one archive file points.
import path from "node:path";

type Resolved = { path: string; fragment: string } | { external: string } | null;

/** Resolves an href found in `fromFile` to an archive path (percent-decoded) and its fragment. */
export function resolveHref(fromFile: string, href: string): Resolved {
  const trimmed = href.trim();
  if (!trimmed) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith("//")) return { external: trimmed };
  const hash = trimmed.indexOf("#");
  const fragment = hash === -1 ? "" : trimmed.slice(hash + 1);
  let target = hash === -1 ? trimmed : trimmed.slice(0, hash);
  const query = target.indexOf("?");
  if (query !== -1) target = target.slice(0, query);
  if (target === "") return { path: fromFile, fragment };
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // A stray % is kept as written.
  }
  // Resolved as a URL is, inside the container: a path that climbs above the root stays at the
  // root (`../../x` from the root is `x`), so nothing can name a file outside the archive.
  const from = decoded.startsWith("/")
    ? decoded
    : `/${path.posix.join(path.posix.dirname(fromFile), decoded)}`;
  const joined = path.posix.normalize(`/${from.split("/").reduce<string[]>(climb, []).join("/")}`).slice(1);
  if (!joined || joined.includes("\0")) return null;
  return { path: joined, fragment };
}

/** One step of a path, `..` going up no further than the root. */
function climb(parts: string[], part: string): string[] {
  if (part === "..") return parts.slice(0, -1);
  if (part === "." || part === "") return parts;
  return [...parts, part];
}
