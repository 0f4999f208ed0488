// Where a test's media lands on disk, for tests that look at the files themselves.
import type { ServiceDeps } from "../core/service-deps.ts";
import { LocalMediaStorage, type MediaStorage } from "../media/storage.ts";

export function mediaPath(platform: { deps: ServiceDeps }, key: string): string {
  return mediaPathOf(platform.deps.media.storage, key);
}

export function mediaPathOf(storage: MediaStorage, key: string): string {
  if (!(storage instanceof LocalMediaStorage))
    throw new Error("This test reads media on this machine's disk.");
  return storage.resolve(key);
}
