// Profiles: what people tell others about themselves, what others may see of it, handles that
// keep leading to their person after a change, and avatars.

import type { Age } from "@litverse/shared/constants";
import { type ReportCategory, type ReportReason, reportCategoryOf } from "@litverse/shared/moderation";
import {
  ACTIVITY_KINDS,
  type ActivityKind,
  DEFAULT_VISIBILITY,
  HANDLE_REDIRECT_DAYS,
  type HandleTarget,
  type MyProfile,
  type ProfileActivity,
  type ProfileSection,
  type ProfileTitle,
  type ProfileView,
  type Visibility,
} from "@litverse/shared/people";
import { isAdminRole } from "@litverse/shared/users";
import { and, desc, eq, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { clubsOnProfile } from "../clubs/index.ts";
import { viewerAge, visibleTitles } from "../content/index.ts";
import { content } from "../content/schema.ts";
import { libraryTopic } from "../content/topics.ts";
import { friendIdsOf, friendState, hasBlocked, relationshipsTopic } from "../friends/index.ts";
import { contentFollows, contentRatings } from "../library/schema.ts";
import { createReport, visibleItem } from "../reports/index.ts";
import { userTopic } from "../users/index.ts";
import { users } from "../users/schema.ts";
import { PROFILE_NOT_AVAILABLE, profileReportTarget } from "./moderation-targets.ts";
import { handleEquals, personColumns, personTopic, toPersonSummary } from "./people.ts";
import { editProfile, type ProfileUpdate, setAvatarOf } from "./profile-edits.ts";
import { handleHistory, profiles } from "./schema.ts";

/** Titles shown per list on a profile. */
const TITLES_SHOWN = 12;

type ProfileRow = typeof profiles.$inferSelect;

function visibilityOf(row: ProfileRow | null, section: ProfileSection): Visibility {
  if (!row) return DEFAULT_VISIBILITY[section];
  return { details: row.detailsVisibility, activity: row.activityVisibility, library: row.libraryVisibility }[
    section
  ];
}

function maySee(visibility: Visibility, relation: "self" | "friend" | "other"): boolean {
  if (relation === "self") return true;
  if (visibility === "public") return true;
  return visibility === "friends" && relation === "friend";
}

async function profileRow(db: Executor, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row ?? null;
}

/**
 * Where a handle leads: its holder, or for a handle given up less than 30 days ago, the person
 * who gave it up. NOT_FOUND otherwise.
 */
export async function resolveHandle(
  deps: ServiceDeps,
  viewer: Viewer,
  handle: string,
): Promise<HandleTarget> {
  const { db } = deps;
  const wanted = handle.trim().toLowerCase().replace(/^@/, "");
  const [holder] = await db
    .select({ id: users.id, handle: users.handle })
    .from(users)
    .where(handleEquals(wanted));
  let target: HandleTarget | null = holder?.handle
    ? { userId: holder.id, handle: holder.handle, isOldHandle: false }
    : null;
  if (!target) {
    const [old] = await db
      .select({ userId: handleHistory.userId, handle: users.handle })
      .from(handleHistory)
      .innerJoin(users, eq(users.id, handleHistory.userId))
      .where(
        and(
          eq(handleHistory.handle, wanted),
          sql`${handleHistory.releasedAt} > now() - make_interval(days => ${HANDLE_REDIRECT_DAYS})`,
        ),
      );
    if (old?.handle) target = { userId: old.userId, handle: old.handle, isOldHandle: true };
  }
  if (!target) throw new AppError("NOT_FOUND", "Nobody has that handle.");
  track(personTopic(target.userId));
  if (target.userId !== viewer.id && (await hasBlocked(db, target.userId, viewer.id))) {
    throw new AppError("NOT_FOUND", "Nobody has that handle.");
  }
  return target;
}

/** Another person's profile, as much of it as their privacy lets the viewer see. */
export async function getProfile(deps: ServiceDeps, viewer: Viewer, userId: string): Promise<ProfileView> {
  const { db } = deps;
  track(personTopic(userId), userTopic(userId), relationshipsTopic(viewer.id), relationshipsTopic(userId));
  const [row] = await db
    .select({
      ...personColumns,
      createdAt: users.createdAt,
      contentHidden: users.contentHidden,
      isShown: visibleItem("profile", users.id, viewer).mapWith(Boolean),
      profile: profiles,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError("NOT_FOUND", PROFILE_NOT_AVAILABLE);
  // A restricted person's profile is hidden with the rest of what they wrote, and so is a profile
  // moderators hid from the viewer, except from the team.
  if ((row.contentHidden || !row.isShown) && userId !== viewer.id && !isAdminRole(viewer.role)) {
    throw new AppError("NOT_FOUND", PROFILE_NOT_AVAILABLE);
  }
  if (userId !== viewer.id && (await hasBlocked(db, userId, viewer.id))) {
    throw new AppError("NOT_FOUND", PROFILE_NOT_AVAILABLE);
  }
  const state = await friendState(db, viewer.id, userId);
  const { profile } = row;
  const relation = state === "self" ? "self" : state === "friends" ? "friend" : "other";
  // A person the viewer blocked shows only who they are, so that they can be unblocked.
  const canSee = (section: ProfileSection) =>
    state !== "blocked" && maySee(visibilityOf(profile, section), relation);

  const [friends] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ${friendIdsOf(userId)} as f(id)`,
  );
  const age = viewerAge(viewer);
  if (canSee("activity") || canSee("library")) track(libraryTopic(userId));
  return {
    person: toPersonSummary(row),
    friendState: state,
    friendsCount: friends?.count ?? 0,
    joinedAt: row.createdAt.toISOString(),
    details: canSee("details")
      ? { bio: profile?.bio ?? "", favouriteGenres: profile?.favouriteGenres ?? [] }
      : null,
    activity: canSee("activity") ? await activityOf(db, userId, age) : null,
    library: canSee("library") ? await libraryOf(db, userId, age) : null,
    clubs: canSee("activity") ? await clubsOnProfile(db, userId, viewer.id) : null,
  };
}

const titleColumns = {
  _id: content.id,
  title: content.title,
  author: content.author,
  coverImage: content.coverImage,
  contentType: content.contentType,
};

/**
 * The title's id, spelt out: Drizzle leaves columns unqualified in the select list of a one-table
 * query, where a subquery would take them for its own table's.
 */
const titleId = sql.raw(`"content"."id"`);

async function activityOf(db: Executor, userId: string, age: Age): Promise<ProfileActivity> {
  // A title is finished when every episode out so far is completed.
  const finished = sql`not exists (
    select 1 from episodes e
    where e.content_id = ${titleId} and e.publish_at is not null and e.publish_at <= now()
      and not exists (select 1 from episode_progress p
                      where p.user_id = ${userId} and p.episode_id = e.id and p.completed_at is not null))`;
  const started = sql`exists (select 1 from episode_progress p where p.user_id = ${userId} and p.content_id = ${titleId})`;
  const lastRead = sql<Date>`(select max(p.updated_at) from episode_progress p where p.user_id = ${userId} and p.content_id = ${titleId})`;
  const finishedRows = await db
    .select(titleColumns)
    .from(content)
    .where(and(visibleTitles(age), started, finished))
    .orderBy(desc(lastRead))
    .limit(TITLES_SHOWN);
  const [finishedCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(content)
    .where(and(visibleTitles(age), started, finished));
  const inProgress = await db
    .select({
      ...titleColumns,
      // How much of what is out: each episode counts its fraction, a completed one 1.
      fraction: sql<number>`((select coalesce(sum(case when p.completed_at is not null then 1 else p.fraction end), 0)
          from episode_progress p where p.user_id = ${userId} and p.content_id = ${titleId})
        / greatest(1, (select count(*) from episodes e where e.content_id = ${titleId}
          and e.publish_at is not null and e.publish_at <= now())))::float8`,
    })
    .from(content)
    .where(and(visibleTitles(age), started, sql`not ${finished}`))
    .orderBy(desc(lastRead))
    .limit(TITLES_SHOWN);
  const minutes = Object.fromEntries(ACTIVITY_KINDS.map((kind) => [kind, 0])) as Record<ActivityKind, number>;
  const times = await queryRows<{ kind: ActivityKind; seconds: number }>(
    db,
    sql`select kind, sum(seconds)::int as seconds from activity_time where user_id = ${userId} group by kind`,
  );
  for (const time of times) minutes[time.kind] = Math.round(time.seconds / 60);
  const ratings = await db
    .select({ ...titleColumns, rating: contentRatings.rating })
    .from(contentRatings)
    .innerJoin(content, eq(content.id, contentRatings.contentId))
    .where(and(eq(contentRatings.userId, userId), visibleTitles(age)))
    .orderBy(desc(contentRatings.updatedAt))
    .limit(TITLES_SHOWN);
  const [ratingsCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(contentRatings)
    .innerJoin(content, eq(content.id, contentRatings.contentId))
    .where(and(eq(contentRatings.userId, userId), visibleTitles(age)));
  return {
    finishedCount: finishedCount?.count ?? 0,
    finished: finishedRows.map(toProfileTitle),
    inProgress: inProgress.map((row) => ({ ...toProfileTitle(row), fraction: Math.min(1, row.fraction) })),
    minutes,
    ratingsCount: ratingsCount?.count ?? 0,
    ratings: ratings.map((row) => ({ ...toProfileTitle(row), rating: row.rating })),
  };
}

async function libraryOf(
  db: Executor,
  userId: string,
  age: Age,
): Promise<NonNullable<ProfileView["library"]>> {
  const following = await db
    .select(titleColumns)
    .from(contentFollows)
    .innerJoin(content, eq(content.id, contentFollows.contentId))
    .where(and(eq(contentFollows.userId, userId), visibleTitles(age)))
    .orderBy(desc(contentFollows.createdAt))
    .limit(TITLES_SHOWN * 2);
  const [count] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(contentFollows)
    .innerJoin(content, eq(content.id, contentFollows.contentId))
    .where(and(eq(contentFollows.userId, userId), visibleTitles(age)));
  return { followingCount: count?.count ?? 0, following: following.map(toProfileTitle) };
}

function toProfileTitle(row: {
  _id: string;
  title: string;
  author: string;
  coverImage: string | null;
  contentType: ProfileTitle["contentType"];
}): ProfileTitle {
  return {
    _id: row._id,
    title: row.title,
    author: row.author,
    coverImage: row.coverImage,
    contentType: row.contentType,
  };
}

/** The caller's own profile, every field, for the settings page. */
export async function getMyProfile(deps: ServiceDeps, viewer: Viewer): Promise<MyProfile> {
  const { db } = deps;
  track(personTopic(viewer.id), userTopic(viewer.id));
  const [row] = await db
    .select({ ...personColumns, age: users.age, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, viewer.id));
  if (!row) throw new AppError("NOT_FOUND", "No such user.");
  const { profile } = row;
  return {
    person: toPersonSummary(row),
    providerName: row.providerName,
    displayName: profile?.displayName ?? null,
    bio: profile?.bio ?? "",
    favouriteGenres: profile?.favouriteGenres ?? [],
    timeZone: profile?.timeZone ?? null,
    age: (row.age as Age | null) ?? null,
    visibility: {
      details: visibilityOf(profile, "details"),
      activity: visibilityOf(profile, "activity"),
      library: visibilityOf(profile, "library"),
    },
  };
}

/** Saves what the settings page changed; a new handle keeps the old one leading here for 30 days. */
export async function updateProfile(
  deps: ServiceDeps,
  viewer: Viewer,
  update: ProfileUpdate,
): Promise<MyProfile> {
  await editProfile(deps, viewer.id, update);
  return getMyProfile(deps, viewer);
}

/** A new avatar from an uploaded picture, cropped to the chosen square and re-encoded in one size. */
export async function setAvatar(
  deps: ServiceDeps,
  viewer: Viewer,
  uploadId: string,
  crop: { x: number; y: number; size: number },
): Promise<MyProfile> {
  await setAvatarOf(deps, viewer.id, { uploaderId: viewer.id, uploadId, crop });
  return getMyProfile(deps, viewer);
}

export async function removeAvatar(deps: ServiceDeps, viewer: Viewer): Promise<MyProfile> {
  const previous = (await profileRow(deps.db, viewer.id))?.avatarKey ?? null;
  if (previous) {
    await deps.changes.inTransaction(deps.db, async (tx) => {
      await tx.update(profiles).set({ avatarKey: null }).where(eq(profiles.userId, viewer.id));
      deps.changes.changed(personTopic(viewer.id));
    });
    await deps.media.storage.remove(previous);
  }
  return getMyProfile(deps, viewer);
}

/** Reports a person (their profile, name or picture) into the moderation queue. */
export async function reportUser(
  deps: ServiceDeps,
  viewer: Viewer,
  input: { userId: string; reason: ReportReason | ReportCategory; details: string },
): Promise<{ isNew: boolean }> {
  const target = await profileReportTarget(deps, viewer, input.userId);
  const { isNew } = await createReport(deps, viewer, target, reportCategoryOf(input.reason), input.details);
  return { isNew };
}
