// People: profiles, friends, blocks and reports, shared by the web app and the server.

/** Who may see a section of a profile. */
export const VISIBILITIES = ["public", "friends", "private"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** The sections of a profile whose visibility a person chooses. */
export const PROFILE_SECTIONS = ["details", "activity", "library"] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

export const DEFAULT_VISIBILITY: Record<ProfileSection, Visibility> = {
  details: "public",
  activity: "public",
  library: "friends",
};

/** Handles: 3 to 30 of a-z, 0-9 and _, compared without case. */
export const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 30;
export const HANDLE_PATTERN = /^[a-z0-9_]{3,30}$/;

/**
 * Words no one may take as a handle: they name the platform, its staff or its pages. The server
 * also refuses handles that look like them (and any holding the platform's name).
 */
export const RESERVED_HANDLES: readonly string[] = [
  "admin",
  "administrator",
  "api",
  "auth",
  "badges",
  "clubs",
  "coins",
  "content",
  "explore",
  "help",
  "helpdesk",
  "leaderboard",
  "library",
  "litverse",
  "me",
  "messages",
  "mod",
  "moderation",
  "moderator",
  "moderators",
  "noreply",
  "notifications",
  "official",
  "owner",
  "profile",
  "reels",
  "rewards",
  "root",
  "security",
  "settings",
  "staff",
  "superadmin",
  "support",
  "system",
  "team",
  "user",
  "users",
];

/** An old handle keeps leading to its person this long after a change. */
export const HANDLE_REDIRECT_DAYS = 30;

export const DISPLAY_NAME_MAX_LENGTH = 60;
export const BIO_MAX_LENGTH = 500;
export const FAVOURITE_GENRES_MAX = 10;

/** Where two people stand, as seen by the one asking. */
export const FRIEND_STATES = [
  "none",
  /** The viewer asked; the other has not answered. */
  "requested",
  /** The other asked the viewer. */
  "incoming",
  "friends",
  /** The viewer blocked the other. */
  "blocked",
  /** The viewer is the person. */
  "self",
] as const;
export type FriendState = (typeof FRIEND_STATES)[number];

/** What a person spends time on, as the readers and players report it. */
export const ACTIVITY_KINDS = ["read", "listen", "watch"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** A person as lists, messages and notifications show them. */
export interface PersonSummary {
  _id: string;
  handle: string | null;
  name: string;
  /** The avatar (a square WebP; ask for smaller sizes with ?w=…), or null for initials. */
  avatarUrl: string | null;
  /** When the person last had the app open; "online" is within PRESENCE_ONLINE_MS of now. */
  lastSeenAt: string | null;
  /** A community persona the Litverse team runs: labelled as such wherever it shows. */
  runByTeam: boolean;
}

/** Someone seen this recently counts as online. */
export const PRESENCE_ONLINE_MS = 2 * 60_000;

export function isOnline(lastSeenAt: string | null, now = Date.now()): boolean {
  return lastSeenAt !== null && now - Date.parse(lastSeenAt) < PRESENCE_ONLINE_MS;
}

/** The card of a title on a profile. */
export interface ProfileTitle {
  _id: string;
  title: string;
  author: string;
  coverImage: string | null;
  contentType: "book" | "audiobook" | "comic" | "drama";
}

export interface ProfileActivity {
  finishedCount: number;
  finished: ProfileTitle[];
  inProgress: Array<ProfileTitle & { fraction: number }>;
  /** Time spent, in minutes. */
  minutes: Record<ActivityKind, number>;
  ratingsCount: number;
  ratings: Array<ProfileTitle & { rating: number }>;
}

export interface ProfileView {
  person: PersonSummary;
  friendState: FriendState;
  friendsCount: number;
  joinedAt: string;
  /** Null when the viewer may not see that section. */
  details: { bio: string; favouriteGenres: string[] } | null;
  activity: ProfileActivity | null;
  library: { followingCount: number; following: ProfileTitle[] } | null;
  /** Book clubs they are in (secret ones only to fellow members); shown with reading activity. */
  clubs: ProfileClub[] | null;
}

export interface ProfileClub {
  _id: string;
  name: string;
  memberCount: number;
  coverUrl: string | null;
  role: "owner" | "moderator" | "member";
}

/** Where a handle leads: the person, and their handle now (another one when the handle was changed). */
export interface HandleTarget {
  userId: string;
  handle: string;
  isOldHandle: boolean;
}

/** The signed-in person's own profile, for the settings page. */
export interface MyProfile {
  person: PersonSummary;
  /** The name the sign-in provider gave, shown when no display name is set. */
  providerName: string | null;
  displayName: string | null;
  bio: string;
  favouriteGenres: string[];
  timeZone: string | null;
  age: 13 | 16 | 18 | null;
  visibility: Record<ProfileSection, Visibility>;
}

/** Someone to befriend, and why. */
export interface FriendSuggestion {
  person: PersonSummary;
  /** In words: "Both reading Moby-Dick", "3 friends in common". */
  reason: string;
  sharedTitles: number;
  mutualFriends: number;
}

export interface PersonWithState {
  person: PersonSummary;
  friendState: FriendState;
}

export interface FriendRequests {
  incoming: Array<{ person: PersonSummary; sentAt: string }>;
  outgoing: Array<{ person: PersonSummary; sentAt: string }>;
}
