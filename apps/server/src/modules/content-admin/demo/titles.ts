// The demo titles of the four kinds (made up, with placeholder episodes, and saying so), with how
// the demo readers take to them. Plain data, so that the other modules' demo steps that play on the
// catalogue (unlocks, reels) and the covers script can read it without loading the seed.
import type { Age } from "@litverse/shared/constants";
import type { AccessType, ContentType, ReleaseStatus } from "@litverse/shared/content";

export interface DemoTitle {
  /** Names the cover file, `/demo/covers/<slug>.svg` under the web app's public folder. */
  slug: string;
  contentType: ContentType;
  title: string;
  author: string;
  description: string;
  accessType: AccessType;
  ageRating: Age;
  /** Drafts are not shown anywhere yet. Default: published. */
  isDraft?: boolean;
  /** The cover's gradient, top left to bottom right. */
  colors: [string, string];
  genres: string[];
  tags: string[];
  releaseStatus?: ReleaseStatus;
  releaseSchedule?: string;
  /** Released episodes; their content comes from media.ts. */
  episodes: number;
  /** Episodes from this number on cost this many coins. */
  priced?: { from: number; coins: number };
  /** The other ways to open priced episodes (see the content table): bulk discount, wait for free, rental. */
  unlockOptions?: {
    bulkDiscountPercent?: number;
    waitForFreeHours?: number;
    rental?: { coins: number; hours: number };
  };
  /** More episodes scheduled after the released ones, one a day from tomorrow. */
  scheduledEpisodes?: number;
  /** When the title came out, which orders "recently added" and "rising stars". */
  publishedDaysAgo: number;
  /** 0 to 1: how many of the demo readers open it (views, readers, follows, likes). */
  popularity: number;
  /** The demo readers' mean rating, 1 to 5; 0 for none. */
  rating: number;
}

export const demoCoverUrl = (slug: string) => `/demo/covers/${slug}.svg`;

export const DEMO_TITLES: readonly DemoTitle[] = [
  {
    slug: "the-lantern-keepers-daughter",
    contentType: "book",
    title: "The Lantern Keeper's Daughter",
    author: "Maren Holloway",
    description:
      "Nell Avery and the proud new owner of the lighthouse misjudge each other all winter, and the whole harbour town watches. A sample title of the demo: its chapters are placeholder text.",
    accessType: "free",
    ageRating: 13,
    colors: ["#b24592", "#f15f79"],
    genres: ["romance", "historical"],
    tags: ["period romance", "enemies to lovers"],
    episodes: 12,
    priced: { from: 9, coins: 15 },
    unlockOptions: { bulkDiscountPercent: 20, waitForFreeHours: 24 },
    releaseStatus: "completed",
    publishedDaysAgo: 40,
    popularity: 0.9,
    rating: 4.6,
  },
  {
    slug: "the-glass-anatomist",
    contentType: "book",
    title: "The Glass Anatomist",
    author: "Ilse Varga",
    description:
      "A young surgeon builds a body that breathes, then runs from what she has made. A sample title of the demo: its chapters are placeholder text.",
    accessType: "premium",
    ageRating: 16,
    colors: ["#134e5e", "#71b280"],
    genres: ["horror", "science fiction", "historical"],
    tags: ["gothic"],
    episodes: 10,
    releaseStatus: "completed",
    publishedDaysAgo: 75,
    popularity: 0.6,
    rating: 4.2,
  },
  {
    slug: "thornmere",
    contentType: "book",
    title: "Thornmere",
    author: "Edith Calloway",
    description:
      "A governess takes a post at a lonely hall where one door is always kept locked. A sample title of the demo: its chapters are placeholder text.",
    accessType: "free",
    ageRating: 13,
    colors: ["#4b134f", "#c94b4b"],
    genres: ["romance", "historical"],
    tags: ["gothic", "governess"],
    episodes: 10,
    releaseStatus: "completed",
    publishedDaysAgo: 120,
    popularity: 0.45,
    rating: 4.4,
  },
  {
    slug: "the-unfading-portrait",
    contentType: "book",
    title: "The Unfading Portrait",
    author: "Julian Ashcombe",
    description:
      "A young man stays young while his portrait grows old in a shuttered room. A sample title of the demo: its chapters are placeholder text.",
    accessType: "premium",
    ageRating: 16,
    colors: ["#3a1c71", "#d76d77"],
    genres: ["historical", "horror"],
    tags: ["portrait", "decadence"],
    episodes: 8,
    releaseStatus: "completed",
    publishedDaysAgo: 200,
    popularity: 0.35,
    rating: 4.1,
  },
  {
    slug: "letters-from-the-pass",
    contentType: "book",
    title: "Letters from the Pass",
    author: "Stefan Morrow",
    description:
      "Diaries and letters follow a count from his mountain castle to a foggy port city. A sample title of the demo: its chapters are placeholder text.",
    accessType: "vvip",
    ageRating: 18,
    colors: ["#200122", "#6f0000"],
    genres: ["horror", "historical"],
    tags: ["vampires", "letters"],
    episodes: 12,
    scheduledEpisodes: 2,
    releaseSchedule: "New chapter every Friday",
    publishedDaysAgo: 20,
    popularity: 0.8,
    rating: 4.5,
  },
  {
    slug: "the-second-door",
    contentType: "book",
    title: "The Second Door",
    author: "Rowan Pike",
    description:
      "A respected doctor and a brutal stranger share a house, a will and a secret. A sample title of the demo: its chapters are placeholder text.",
    accessType: "free",
    ageRating: 16,
    isDraft: true,
    colors: ["#1f1c2c", "#928dab"],
    genres: ["mystery", "horror"],
    tags: ["double life"],
    episodes: 6,
    publishedDaysAgo: 0,
    popularity: 0,
    rating: 0,
  },
  {
    slug: "the-casebook-of-iris-vane",
    contentType: "audiobook",
    title: "The Casebook of Iris Vane",
    author: "Theo Marchbanks",
    description:
      "Twelve cases from a detective's rooms above a bookshop, from a missing violin to a painted door. A sample title of the demo, narrated with a borrowed public-domain recording.",
    accessType: "free",
    ageRating: 13,
    colors: ["#2c3e50", "#4ca1af"],
    genres: ["mystery", "historical"],
    tags: ["detective", "city"],
    episodes: 6,
    priced: { from: 5, coins: 10 },
    unlockOptions: { bulkDiscountPercent: 15, rental: { coins: 4, hours: 48 } },
    publishedDaysAgo: 30,
    popularity: 0.85,
    rating: 4.7,
  },
  {
    slug: "down-the-well",
    contentType: "audiobook",
    title: "Down the Well",
    author: "Poppy Larkspur",
    description:
      "A girl follows a hurrying hare down a well, into a land that argues with itself. A sample title of the demo, narrated with a borrowed public-domain recording.",
    accessType: "free",
    ageRating: 13,
    colors: ["#ee0979", "#ff6a00"],
    genres: ["fantasy", "children", "historical"],
    tags: ["dreamland"],
    episodes: 6,
    releaseSchedule: "New chapter every Monday",
    publishedDaysAgo: 12,
    popularity: 0.5,
    rating: 4.3,
  },
  {
    slug: "the-clockmakers-voyage",
    contentType: "audiobook",
    title: "The Clockmaker's Voyage",
    author: "Hugo Renwick",
    description:
      "An inventor travels a thousand centuries ahead and finds the world split in two. A sample title of the demo, narrated with a borrowed public-domain recording.",
    accessType: "premium",
    ageRating: 13,
    colors: ["#000428", "#004e92"],
    genres: ["science fiction", "historical"],
    tags: ["time travel"],
    episodes: 5,
    releaseStatus: "completed",
    publishedDaysAgo: 160,
    popularity: 0.3,
    rating: 4.0,
  },
  {
    slug: "the-salt-map",
    contentType: "audiobook",
    title: "The Salt Map",
    author: "Callum Dunmore",
    description:
      "A boy, a map inked in brine and a cook with a wooden leg sail for a nameless island. A sample title of the demo, narrated with a borrowed public-domain recording.",
    accessType: "free",
    ageRating: 13,
    colors: ["#0b8793", "#1d976c"],
    genres: ["adventure", "historical"],
    tags: ["pirates", "treasure"],
    episodes: 6,
    publishedDaysAgo: 8,
    popularity: 0.55,
    rating: 4.4,
  },
  {
    slug: "sleepwalk-city",
    contentType: "comic",
    title: "Sleepwalk City",
    author: "Wendell Brisk",
    description:
      "Every night Milo dreams his way towards the city of sleep; every morning he falls out of bed. A sample title of the demo: its pages are placeholder drawings.",
    accessType: "free",
    ageRating: 13,
    colors: ["#5f2c82", "#49a09d"],
    genres: ["fantasy", "comedy"],
    tags: ["dreams", "newspaper strip"],
    episodes: 3,
    publishedDaysAgo: 50,
    popularity: 0.7,
    rating: 4.6,
  },
  {
    slug: "brick-by-brick",
    contentType: "comic",
    title: "Brick by Brick",
    author: "Hattie Quill",
    description:
      "A cat in love with a mouse, a mouse with a brick, and a dog who keeps the peace. A sample title of the demo: its pages are placeholder drawings.",
    accessType: "free",
    ageRating: 13,
    colors: ["#c0392b", "#f39c12"],
    genres: ["comedy"],
    tags: ["newspaper strip"],
    episodes: 3,
    publishedDaysAgo: 140,
    popularity: 0.15,
    rating: 4.8,
  },
  {
    slug: "midnight-supper",
    contentType: "comic",
    title: "Midnight Supper",
    author: "Wendell Brisk",
    description:
      "Late suppers of cheese on toast bring on the strangest nightmares in the city. A sample title of the demo: its pages are placeholder drawings.",
    accessType: "premium",
    ageRating: 13,
    colors: ["#2b5876", "#4e4376"],
    genres: ["comedy", "fantasy"],
    tags: ["dreams"],
    episodes: 3,
    publishedDaysAgo: 100,
    popularity: 0.1,
    rating: 4.7,
  },
  {
    slug: "the-prank-twins",
    contentType: "comic",
    title: "The Prank Twins",
    author: "Otto Ferrand",
    description:
      "Two brothers play prank after prank on the Captain and the Inspector. A sample title of the demo: its pages are placeholder drawings.",
    accessType: "free",
    ageRating: 13,
    colors: ["#d35400", "#8e44ad"],
    genres: ["comedy", "children"],
    tags: ["pranks"],
    episodes: 3,
    publishedDaysAgo: 180,
    popularity: 0.2,
    rating: 3.8,
  },
  {
    slug: "two-houses",
    contentType: "drama",
    title: "Two Houses",
    author: "Lucia Verdi",
    description:
      "Two young lovers from feuding families in a hill town, told in short episodes for your phone. A sample title of the demo: its episodes reuse one demo clip.",
    accessType: "free",
    ageRating: 13,
    colors: ["#cb2d3e", "#6a0572"],
    genres: ["romance", "drama"],
    tags: ["feud", "star-crossed"],
    episodes: 8,
    priced: { from: 4, coins: 20 },
    unlockOptions: { waitForFreeHours: 12 },
    scheduledEpisodes: 1,
    releaseSchedule: "New episode every day",
    publishedDaysAgo: 15,
    popularity: 0.95,
    rating: 4.5,
  },
  {
    slug: "the-island-fortune",
    contentType: "drama",
    title: "The Island Fortune",
    author: "Armand Delacroix",
    description:
      "Betrayed and imprisoned, a sailor escapes with a fortune and a plan for revenge. A sample title of the demo: its episodes reuse one demo clip.",
    accessType: "premium",
    ageRating: 13,
    colors: ["#141e30", "#35577d"],
    genres: ["adventure", "drama"],
    tags: ["revenge", "prison"],
    episodes: 8,
    publishedDaysAgo: 60,
    popularity: 0.65,
    rating: 4.6,
  },
  {
    slug: "green-light-summer",
    contentType: "drama",
    title: "Green Light Summer",
    author: "Nora Whitlock",
    description:
      "Parties, a green light across the bay and old money on a long summer coast. A sample title of the demo: its episodes reuse one demo clip.",
    accessType: "vvip",
    ageRating: 13,
    colors: ["#0f0c29", "#a8832a"],
    genres: ["drama", "romance"],
    tags: ["jazz age"],
    episodes: 6,
    publishedDaysAgo: 25,
    popularity: 0.75,
    rating: 4.2,
  },
  {
    slug: "the-guest-who-sleeps-all-day",
    contentType: "drama",
    title: "The Guest Who Sleeps All Day",
    author: "Agnes Thorne",
    description:
      "A lonely girl in a mountain castle welcomes a mysterious guest who sleeps all day. A sample title of the demo: its episodes reuse one demo clip.",
    accessType: "vvip",
    ageRating: 18,
    colors: ["#360033", "#0b8793"],
    genres: ["horror", "romance"],
    tags: ["vampires", "gothic"],
    episodes: 6,
    publishedDaysAgo: 45,
    popularity: 0.4,
    rating: 4.3,
  },
];

/**
 * A published title and how the demo readers take to it: what the catalogue hands the demo
 * readers' step (the library's demo) for each demo title and imported fixture.
 */
export interface EngagementPlan {
  contentId: string;
  contentType: ContentType;
  title: string;
  genres: readonly string[];
  /** 0 to 1: the share of personas who open it. */
  popularity: number;
  /** Mean rating, 1 to 5; 0 for no ratings. */
  rating: number;
  publishedDaysAgo: number;
}
