// Who is in the demo's league group, and how they got there: plain data, which the rewards' demo
// (demo.ts) makes true, and which the reels' demo reads to pick its watchers (a reel watched earns
// XP, so anyone else would join the reader's group).

/** The reader's streak: a whole cycle, so today starts the next one and the 7-day badge is theirs. */
export const DEMO_READER_STREAK = 7;

/**
 * Who checked in on how many days in a row up to yesterday, and this week's minutes of reading
 * and listening. The reader sits in the middle of the group.
 */
export const DEMO_REWARDS: ReadonlyArray<{
  handle: string;
  streakDays: number;
  readingMinutes: number;
  listeningMinutes: number;
}> = [
  { handle: "ada_moreau", streakDays: 12, readingMinutes: 58, listeningMinutes: 20 },
  { handle: "bea_santos", streakDays: 8, readingMinutes: 44, listeningMinutes: 0 },
  { handle: "cyrus_farahani", streakDays: 5, readingMinutes: 35, listeningMinutes: 15 },
  { handle: "gus_herrera", streakDays: 3, readingMinutes: 31, listeningMinutes: 0 },
  { handle: "demo_reader", streakDays: DEMO_READER_STREAK, readingMinutes: 27, listeningMinutes: 10 },
  { handle: "dina_haddad", streakDays: 2, readingMinutes: 22, listeningMinutes: 0 },
  { handle: "eli_lindqvist", streakDays: 0, readingMinutes: 0, listeningMinutes: 45 },
  { handle: "hana_tanaka", streakDays: 1, readingMinutes: 12, listeningMinutes: 0 },
  { handle: "farah_rahman", streakDays: 4, readingMinutes: 6, listeningMinutes: 0 },
];
