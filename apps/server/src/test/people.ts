// People for tests: friends made the way people make them, and a picture to upload.
import sharp from "sharp";
import { acceptFriendRequest, sendFriendRequest } from "../modules/friends/friends.service.ts";
import type { Platform } from "../platform.ts";
import type { TestUser } from "./test-platform.ts";

export async function befriend(platform: Platform, a: TestUser, b: TestUser): Promise<void> {
  await sendFriendRequest(platform.deps, a, b.id);
  await acceptFriendRequest(platform.deps, b, a.id);
}

/**
 * A JPEG photo as a phone takes it: `width`×`height` pixels stored sideways with an EXIF
 * orientation of 6 (shown rotated), and a camera name and GPS-like comment in its metadata.
 */
export async function phonePhoto(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: { IFD0: { Make: "PhoneMaker", Model: "Pocket 3000", ImageDescription: "48.8584 N, 2.2945 E" } },
    })
    .toBuffer();
}

/** Stores `data` as an upload of `owner`'s, as POST /api/uploads would, and returns its id. */
export async function uploadFile(platform: Platform, owner: TestUser, data: Buffer, name = "photo.jpg") {
  const upload = await platform.deps.media.uploads.begin(owner.id);
  const { writeFile } = await import("node:fs/promises");
  await writeFile(upload.fileTarget(name), data);
  return (await upload.finish()).id;
}
