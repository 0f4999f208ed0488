// How the catalogue's kinds, access levels and states read, and where each kind of title is read,
// listened to or watched.
import type { AccessType, ContentType, ReleaseStatus } from "@litverse/shared/content";
import { BookOpen, Clapperboard, Headphones, Image } from "lucide-react";

export const TYPE_ICONS: Record<ContentType, typeof BookOpen> = {
  book: BookOpen,
  audiobook: Headphones,
  comic: Image,
  drama: Clapperboard,
};

export const TYPE_LABELS: Record<ContentType, string> = {
  book: "Book",
  audiobook: "Audiobook",
  comic: "Comic",
  drama: "Drama",
};

export const TYPE_PLURALS: Record<ContentType, string> = {
  book: "Books",
  audiobook: "Audiobooks",
  comic: "Comics",
  drama: "Dramas",
};

export const ACCESS_LABELS: Record<AccessType, string> = {
  free: "Free",
  premium: "Premium",
  vvip: "VVIP",
};

export const RELEASE_STATUS_LABELS: Record<ReleaseStatus, string> = {
  ongoing: "Ongoing",
  completed: "Completed",
  hiatus: "On hiatus",
};

/** What a reader does with each kind: the verb on the main button. */
export const TYPE_VERBS: Record<ContentType, string> = {
  book: "reading",
  audiobook: "listening",
  comic: "reading",
  drama: "watching",
};

const READER_ROUTES: Record<ContentType, string> = {
  book: "/read",
  audiobook: "/listen",
  comic: "/read-comic",
  drama: "/watch",
};

/** The reader page of a title's episode: `/read/:id?episode=3`, `/listen/…`, `/read-comic/…`, `/watch/…`. */
export function readerPath(contentType: ContentType, contentId: string, episode: number): string {
  return `${READER_ROUTES[contentType]}/${contentId}?episode=${episode}`;
}

/** Genres are stored lowercase: "science fiction" reads "Science fiction". */
export function genreLabel(genre: string): string {
  return genre.charAt(0).toUpperCase() + genre.slice(1);
}

/** "1 episode", "12 episodes". */
export function episodeCountLabel(count: number): string {
  return `${count} ${count === 1 ? "episode" : "episodes"}`;
}
