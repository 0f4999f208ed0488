// When two handles look alike: Unicode's confusable skeletons (UTS #39), which map every
// character to the one it can be mistaken for ("m" to "rn", "0" to "O", Cyrillic "а" to "a").
// Two strings with the same skeleton can be taken for each other.
// It sits in the core, below the modules, because the users table indexes handles by their
// skeleton and a table's schema imports no module's code; the profiles module checks handles with it.
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import unhomoglyph from "unhomoglyph";

/**
 * The UTS #39 skeleton: the text decomposed (NFD), each character replaced by its prototype from
 * Unicode's confusables.txt (which `unhomoglyph` holds), decomposed again.
 */
export function confusableSkeleton(text: string): string {
  return unhomoglyph(text.normalize("NFD")).normalize("NFD");
}

/**
 * A handle's skeleton. Handles compare without case, so the skeleton is taken without case too:
 * "r00t" (whose zeros map to capital O) looks like "root".
 */
export function handleSkeleton(handle: string): string {
  return confusableSkeleton(confusableSkeleton(handle.toLowerCase()).toLowerCase());
}

/** Every character a handle may hold (HANDLE_PATTERN). */
const HANDLE_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789_";

/** The handle characters whose skeleton is another: [character, skeleton]. */
const HANDLE_LOOKALIKES: ReadonlyArray<readonly [string, string]> = [...HANDLE_CHARACTERS]
  .map((character) => [character, handleSkeleton(character)] as const)
  .filter(([character, skeleton]) => character !== skeleton);

// The database computes the same skeletons with one replace() per character, which is only
// right while no replacement brings in a character that another one replaces.
for (const [, skeleton] of HANDLE_LOOKALIKES) {
  const isSafe =
    /^[a-z0-9_]+$/.test(skeleton) && HANDLE_LOOKALIKES.every(([character]) => !skeleton.includes(character));
  if (!isSafe)
    throw new Error(`The handle skeleton of one character is "${skeleton}": update handleSkeletonSql`);
}

/**
 * `handleSkeleton` of a handle column, in SQL, for handles of HANDLE_PATTERN's characters: what
 * the index of look-alike handles holds and what queries compare with.
 */
export function handleSkeletonSql(column: AnyColumn | SQL): SQL {
  let expression = sql`lower(${column})`;
  for (const [character, skeleton] of HANDLE_LOOKALIKES) {
    expression = sql`replace(${expression}, ${sql.raw(`'${character}'`)}, ${sql.raw(`'${skeleton}'`)})`;
  }
  return expression;
}
