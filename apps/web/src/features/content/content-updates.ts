// The title page's guesses at what a like, a follow or a rating changes, shown until the server's
// live result arrives.
import type { ContentDetail, ContentViewerState } from "@litverse/shared/content";

const EMPTY_VIEWER: ContentViewerState = {
  isFollowing: false,
  isLiked: false,
  rating: null,
  continueEpisode: null,
};

/** The title with the viewer's like set or cleared, and the count to match. */
export function withLike(detail: ContentDetail, isLiked: boolean): ContentDetail {
  const viewer = detail.viewer ?? EMPTY_VIEWER;
  if (viewer.isLiked === isLiked) return detail;
  return {
    ...detail,
    likeCount: Math.max(0, detail.likeCount + (isLiked ? 1 : -1)),
    viewer: { ...viewer, isLiked },
  };
}

export function withFollow(detail: ContentDetail, isFollowing: boolean): ContentDetail {
  const viewer = detail.viewer ?? EMPTY_VIEWER;
  if (viewer.isFollowing === isFollowing) return detail;
  return {
    ...detail,
    followerCount: Math.max(0, detail.followerCount + (isFollowing ? 1 : -1)),
    viewer: { ...viewer, isFollowing },
  };
}

/** The title with the viewer's rating, and the average and count as they will be. */
export function withRating(detail: ContentDetail, rating: number): ContentDetail {
  const viewer = detail.viewer ?? EMPTY_VIEWER;
  const previous = viewer.rating;
  const count = detail.ratingCount + (previous === null ? 1 : 0);
  const total = detail.ratingAverage * detail.ratingCount - (previous ?? 0) + rating;
  return {
    ...detail,
    ratingCount: count,
    ratingAverage: count > 0 ? Math.round((total / count) * 10) / 10 : 0,
    viewer: { ...viewer, rating },
  };
}
