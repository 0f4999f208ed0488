// An EPUB's documents cut into front matter, episodes and back matter, following its table of
// contents and structure.
import { matterName, type Placement, placeDocuments, type StructureDocument } from "./book-structure.ts";
import type { DocumentSummary } from "./epub-documents.ts";
import type { Navigation } from "./epub-navigation.ts";
import type { EpubPackage } from "./epub-package.ts";

export interface PlannedSection {
  title: string | null;
  docs: DocumentSummary[];
}

interface BookPlan {
  front: PlannedSection[];
  episodes: PlannedSection[];
  back: PlannedSection[];
  coverImage: string | null;
}

/**
 * The book cut into front matter, episodes and back matter (see book-structure.ts). Episodes
 * follow the table of contents: a document it points to starts an episode, titled by the first
 * entry pointing to it; documents it does not point to join the episode before them. A page of
 * matter is one document, or several when the later ones have no heading, label or type of their
 * own. A picture-only page ahead of the first chapter is the cover, kept as the title's cover.
 */
export function planBook(docs: DocumentSummary[], navigation: Navigation, pkg: EpubPackage): BookPlan {
  const coverPath = pkg.cover?.path ?? null;
  const inSpine = new Set(docs.map((doc) => doc.path));
  const targets = new Map<string, string>();
  for (const entry of navigation.toc) {
    if (inSpine.has(entry.path) && !targets.has(entry.path)) targets.set(entry.path, entry.label);
  }
  const useToc = targets.size > 0;

  let coverImage: string | null = null;
  const kept: DocumentSummary[] = [];
  let seenTarget = false;
  for (const doc of docs) {
    if (targets.has(doc.path)) seenTarget = true;
    const beforeContent = useToc ? !seenTarget : kept.length === 0;
    if (beforeContent && doc.textLength === 0 && doc.images.length === 1 && doc.drawings === 0) {
      const image = doc.images[0] ?? null;
      if (coverPath === null || image === coverPath) {
        coverImage ??= image;
        continue;
      }
    }
    if (doc.textLength === 0 && doc.images.length === 0 && doc.drawings === 0) continue;
    kept.push(doc);
  }

  const placements = placeDocuments(
    kept.map(
      (doc): StructureDocument => ({
        path: doc.path,
        types: doc.types,
        heading: doc.heading,
        textLength: doc.textLength,
        tocLabel: targets.get(doc.path) || null,
        isNav: pkg.nav !== null && doc.path === pkg.nav.path,
      }),
    ),
    { landmarks: navigation.landmarks, guide: pkg.guide, bookTitle: pkg.title },
  );

  const plan: BookPlan = { front: [], episodes: [], back: [], coverImage };
  let previous: Placement | null = null;
  for (const [index, doc] of kept.entries()) {
    const placement = placements[index] ?? "body";
    const label = targets.get(doc.path);
    if (placement === "body") {
      const current = plan.episodes.at(-1);
      if (label !== undefined || !useToc || !current || previous !== "body") {
        plan.episodes.push({ title: label || doc.heading, docs: [doc] });
      } else {
        current.docs.push(doc);
      }
    } else {
      const list = placement === "front" ? plan.front : plan.back;
      const current = list.at(-1);
      const named = matterName(doc.types, placement);
      const isGeneric = named === "Front matter" || named === "Back matter";
      if (current && previous === placement && label === undefined && !doc.heading && isGeneric) {
        current.docs.push(doc);
      } else {
        list.push({ title: label || doc.heading || named, docs: [doc] });
      }
    }
    previous = placement;
  }
  return plan;
}
