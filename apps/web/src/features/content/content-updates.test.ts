import type { ContentDetail } from "@litverse/shared/content";
import { describe, expect, it } from "vitest";
import { withFollow, withLike, withRating } from "./content-updates.ts";

const detail = (over: Partial<ContentDetail> = {}): ContentDetail =>
  ({
    likeCount: 4,
    followerCount: 2,
    ratingAverage: 4,
    ratingCount: 2,
    viewer: { isFollowing: false, isLiked: false, rating: null, continueEpisode: 1 },
    ...over,
  }) as ContentDetail;

describe("the title page's optimistic updates", () => {
  it("likes and unlikes once, counting along", () => {
    const liked = withLike(detail(), true);
    expect(liked.likeCount).toBe(5);
    expect(liked.viewer?.isLiked).toBe(true);
    expect(withLike(liked, true)).toBe(liked);
    expect(withLike(liked, false).likeCount).toBe(4);
  });

  it("follows and unfollows", () => {
    const followed = withFollow(detail(), true);
    expect(followed.followerCount).toBe(3);
    expect(followed.viewer?.isFollowing).toBe(true);
    expect(withFollow(followed, false).followerCount).toBe(2);
  });

  it("adds a first rating and replaces a second one in the average", () => {
    const first = withRating(detail(), 1);
    expect(first.ratingCount).toBe(3);
    expect(first.ratingAverage).toBe(3);
    const changed = withRating(first, 4);
    expect(changed.ratingCount).toBe(3);
    expect(changed.ratingAverage).toBe(4);
    expect(changed.viewer?.rating).toBe(4);
    expect(withRating(detail({ ratingAverage: 0, ratingCount: 0 }), 5).ratingAverage).toBe(5);
  });
});
