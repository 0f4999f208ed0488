// The media store a process works with, from its configuration: this machine's disk (MEDIA_DIR),
// or a bucket (MEDIA_STORAGE=s3) with scratch space on this machine for the tools that need files.
import path from "node:path";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Config } from "../core/config.ts";
import { bucketDelivery } from "./bucket-delivery.ts";
import { BucketMediaStorage, openBucket } from "./bucket-storage.ts";
import { diskDelivery, type MediaDelivery } from "./media-delivery.ts";
import { ReelUploadStore } from "./reel-uploads.ts";
import { Staging } from "./staging.ts";
import { LocalMediaStorage, type MediaStorage } from "./storage.ts";
import { UploadStore } from "./upload-store.ts";

export interface OpenedMedia {
  storage: MediaStorage;
  delivery: MediaDelivery;
  /** Origins readers fetch media from besides ours. */
  origins: string[];
  uploads: UploadStore;
  reelUploads: ReelUploadStore;
}

export async function openMediaStore(
  config: Pick<Config, "media" | "mediaDir" | "dataDir">,
): Promise<OpenedMedia> {
  const location = config.media;
  if (location.kind === "local") {
    const storage = new LocalMediaStorage(config.mediaDir);
    return {
      storage,
      delivery: diskDelivery,
      origins: [],
      // Beside the media, on the same disk, so that an import moves files rather than copying
      // them; hidden folders, which the media route never serves.
      uploads: new UploadStore(path.join(config.mediaDir, ".uploads")),
      reelUploads: new ReelUploadStore({
        directory: path.join(config.mediaDir, ".reel-uploads"),
        staging: storage.staging,
      }),
    };
  }
  const bucket = openBucket(location);
  const scratch = path.join(config.dataDir, "scratch");
  const staging = new Staging(path.join(scratch, "staging"));
  const storage = new BucketMediaStorage(bucket, staging);
  const uploads = new UploadStore(
    path.join(scratch, "uploads"),
    new BucketMediaStorage(bucket, staging, { prefix: ".uploads/", withVariants: false }),
  );
  const reelUploads = new ReelUploadStore({
    directory: path.join(scratch, "reel-uploads"),
    staging,
    bucket: { location, bucket },
  });
  const shared = { storage, uploads, reelUploads };
  if (location.delivery === "server") return { ...shared, delivery: bucketDelivery("server"), origins: [] };
  // The SDK knows how it addresses the bucket (path style or not, AWS's regional hosts).
  const sample = await getSignedUrl(bucket.client, new GetObjectCommand({ Bucket: bucket.name, Key: "x" }));
  return { ...shared, delivery: bucketDelivery("signed-url"), origins: [new URL(sample).origin] };
}
