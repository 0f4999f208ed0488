// Every limit README.md names, and the test that reaches it through what it protects. A limit
// added to the configuration or the README belongs here too: limit-catalogue.test.ts fails until
// it is listed, documented and tested.

export interface CataloguedLimit {
  /** What is limited, in words. */
  name: string;
  /**
   * How README.md names it: the environment variable that sets it, or the fixed value in the
   * README's own words (compared with line breaks read as spaces).
   */
  readme: string;
  /** The test file, from the repository root, that reaches the limit and gets the refusal. */
  testFile: string;
  /** What that file says where it reaches the limit: the option that sets it, a constant or the refusal. */
  mention: string;
}

const LIMITS_TEST = "apps/server/src/core/limits/limits.int.test.ts";
const BUDGETS_TEST = "apps/server/src/core/limits/budgets.int.test.ts";
const TRANSPORT_TEST = "apps/server/src/rpc/transport.int.test.ts";
const PROVIDER_TEST = "apps/server/src/auth/provider/provider.int.test.ts";
const STORIES_TEST = "apps/server/src/modules/stories/stories.int.test.ts";
const STORIES_ADMIN_TEST = "apps/server/src/modules/stories/stories-admin.int.test.ts";
const REEL_UPLOADS_TEST = "apps/server/src/modules/reels/reel-uploads.int.test.ts";
const REELS_TEST = "apps/server/src/modules/reels/reels.int.test.ts";
const WATCH_EVENTS_TEST = "apps/server/src/modules/reels/watch-events.int.test.ts";
const CLUBS_TEST = "apps/server/src/modules/clubs/clubs.int.test.ts";

export const LIMIT_CATALOGUE: readonly CataloguedLimit[] = [
  // Security: connections and calls.
  { name: "open WebSockets in all", readme: "MAX_SOCKETS", testFile: LIMITS_TEST, mention: "maxSockets:" },
  {
    name: "open WebSockets per client address",
    readme: "MAX_SOCKETS_PER_IP",
    testFile: LIMITS_TEST,
    mention: "maxSocketsPerIp",
  },
  {
    name: "live queries one WebSocket holds",
    readme: "MAX_LIVE_QUERIES_PER_SOCKET",
    testFile: LIMITS_TEST,
    mention: "maxLiveQueriesPerSocket",
  },
  { name: "calls in one batch", readme: "MAX_BATCH_SIZE", testFile: LIMITS_TEST, mention: "maxBatchSize" },
  {
    name: "time a call may take",
    readme: "REQUEST_TIMEOUT_MS",
    testFile: LIMITS_TEST,
    mention: "requestTimeoutMs",
  },

  // Security: budgets.
  {
    name: "writes per person",
    readme: "RATE_LIMIT_WRITES_PER_MINUTE",
    testFile: LIMITS_TEST,
    mention: "writesPerMinute",
  },
  {
    name: "writes per address when signed out, and by uploads and beacons",
    readme: "(per address when signed out)",
    testFile: BUDGETS_TEST,
    mention: "writesPerMinute",
  },
  {
    name: "checkouts started per person",
    readme: "RATE_LIMIT_CHECKOUTS_PER_HOUR",
    testFile: BUDGETS_TEST,
    mention: "checkoutsPerHour",
  },
  {
    name: "sign-ups per address",
    readme: "RATE_LIMIT_ACCOUNTS_PER_HOUR",
    testFile: PROVIDER_TEST,
    mention: "accountsPerHour",
  },
  {
    name: "direct messages, club posts, reel comments and support messages per person",
    readme: "RATE_LIMIT_MESSAGES_PER_MINUTE",
    testFile: BUDGETS_TEST,
    mention: "messagesPerMinute",
  },
  {
    name: "friend requests and club invitations per person",
    readme: "RATE_LIMIT_FRIEND_REQUESTS_PER_HOUR",
    testFile: BUDGETS_TEST,
    mention: "friendRequestsPerHour",
  },
  {
    name: "sign-in failures per email and address",
    readme: "from the 5th, a wait of a minute that doubles up to an hour",
    testFile: PROVIDER_TEST,
    mention: "after 5 failures for an account",
  },
  {
    name: "sign-in failures per address",
    readme: "per address (50 in 15 minutes, then 15 minutes)",
    testFile: PROVIDER_TEST,
    mention: "MAX_FAILURES_PER_ADDRESS",
  },

  // Security: fixed.
  {
    name: "size of a WebSocket message",
    readme: "1 MiB per message or request body",
    testFile: TRANSPORT_TEST,
    mention: "refuses messages over 1 MiB",
  },
  {
    name: "size of an HTTP request body",
    readme: "1 MiB per message or request body",
    testFile: TRANSPORT_TEST,
    mention: "oversized bodies",
  },
  {
    name: "time a new WebSocket has to send its connection parameters",
    readme: "10 s for a WebSocket to send its connection parameters",
    testFile: LIMITS_TEST,
    mention: "HANDSHAKE_TIMEOUT_MS",
  },
  {
    name: "time a client has to send a request's headers",
    readme: "30 s for request headers",
    testFile: LIMITS_TEST,
    mention: "headersTimeout",
  },
  {
    name: "nesting of a call's input",
    readme: "input nested at most 32 levels",
    testFile: LIMITS_TEST,
    mention: "nested too deeply",
  },
  {
    name: "NUL characters in input",
    readme: "free of NUL characters",
    testFile: LIMITS_TEST,
    mention: "NUL characters",
  },

  // Interactive stories.
  {
    name: "scenes in a story",
    readme: "5,000 scenes",
    testFile: STORIES_TEST,
    mention: "STORY_LIMITS.maxScenes",
  },
  {
    name: "passages in an imported Twine file",
    readme: "5,000 scenes",
    testFile: STORIES_ADMIN_TEST,
    mention: "STORY_LIMITS.maxScenes",
  },
  {
    name: "choices in a scene",
    readme: "12 choices a scene",
    testFile: STORIES_TEST,
    mention: "maxChoicesPerScene",
  },
  { name: "stats of a story", readme: "40 stats", testFile: STORIES_TEST, mention: "maxStats" },
  {
    name: "scenes in one save",
    readme: "500 scenes a save",
    testFile: STORIES_TEST,
    mention: "maxScenesPerSave",
  },
  {
    name: "size of a Twine file",
    readme: "Twine files up to 5 MB",
    testFile: STORIES_ADMIN_TEST,
    mention: "larger than 5 MB",
  },

  // Reels.
  {
    name: "size of a reel upload",
    readme: "1 GB a file",
    testFile: REEL_UPLOADS_TEST,
    mention: "REEL_MAX_UPLOAD_BYTES",
  },
  {
    name: "time an upload waits to become a reel",
    readme: "uploads not made into a reel are removed after a day",
    testFile: REEL_UPLOADS_TEST,
    mention: "removes uploads nobody made a reel of within a day",
  },
  {
    name: "length of a reel",
    readme: "longer than 3 minutes",
    testFile: REEL_UPLOADS_TEST,
    mention: "reels are at most 3:00",
  },
  {
    name: "length of a reel's caption",
    readme: "500 characters each",
    testFile: REELS_TEST,
    mention: "REEL_CAPTION_MAX_LENGTH",
  },
  {
    name: "length of a reel comment",
    readme: "500 characters each",
    testFile: REELS_TEST,
    mention: "REEL_COMMENT_MAX_LENGTH",
  },
  {
    name: "watch events in a batch",
    readme: "50 a batch",
    testFile: WATCH_EVENTS_TEST,
    mention: "REEL_EVENTS_PER_BATCH",
  },
  {
    name: "writes spent by watch-event batches and beacons",
    readme: "each batch (and each beacon) spends one of the person's writes",
    testFile: BUDGETS_TEST,
    mention: "REEL_EVENTS_PATH",
  },

  // Book clubs.
  {
    name: "members of a club",
    readme: "a club has a member limit",
    testFile: CLUBS_TEST,
    mention: "This club is full.",
  },
];
