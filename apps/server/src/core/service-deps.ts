// What every service works with (the database, the way to announce changes, media files) and who
// it works for. The transport builds these; services take them and know nothing of the transport.
import type { Age, UserRole } from "@litverse/shared/constants";
import type { ImageVariants } from "../media/image-variants.ts";
import type { MediaDelivery } from "../media/media-delivery.ts";
import type { ReelUploadStore } from "../media/reel-uploads.ts";
import type { MediaStorage } from "../media/storage.ts";
import type { UploadStore } from "../media/upload-store.ts";
import type { MediaUrlSigner } from "../media/url-signing.ts";
import type { DailyTally } from "./daily-counts.ts";
import type { Database } from "./db/client.ts";
import type { LimiterStore } from "./limits/limiter-store.ts";
import type { ChangeNotifier } from "./live/changes.ts";

/** Media files, the signed URLs they are delivered through, their resized image copies, and uploads. */
export interface MediaDeps {
  storage: MediaStorage;
  signer: MediaUrlSigner;
  variants: ImageVariants;
  /** How the media route hands a file out: from disk, or from the bucket. */
  delivery: MediaDelivery;
  /** Origins readers fetch media from besides ours (a bucket's signed URLs), for the page's CSP. */
  origins: string[];
  uploads: UploadStore;
  /** Resumable uploads of reels (tus). */
  reelUploads: ReelUploadStore;
}

/** What services need to write mail; sending it is the background sender's. */
export interface MailDeps {
  /** Where the links in messages lead: the address people use (PUBLIC_URL). */
  publicUrl: string;
  /** The From header: `Litverse <hello@example.com>`. */
  from: string;
  /** No mail server is configured: messages stay in the outbox for the team to read. */
  outboxOnly: boolean;
}

/** What services need to do their work: the database, the way to announce changes, media files, mail. */
export interface ServiceDeps {
  db: Database;
  changes: ChangeNotifier;
  /** Daily counts of events too frequent to write one by one (core/daily-counts.ts). */
  tally: DailyTally;
  media: MediaDeps;
  mail: MailDeps;
  /** Where budgets (rate limits) are counted for every process of the platform. */
  limiters: LimiterStore;
}

export interface SessionUser {
  id: string;
  role: UserRole;
}

/** A signed-in caller of a public function, with what such functions adapt to. */
export interface Viewer extends SessionUser {
  /** Null until the person has told us (the age gate). */
  age: Age | null;
}
