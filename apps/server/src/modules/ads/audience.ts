// Whether an ad's audience fits where it would show: the title being read (after an episode), or
// what the viewer reads lately (elsewhere). An ad with no audience fits everyone; one with an
// audience fits only where something is known and matches, never by guess.

/** Kinds of content, genres (lower case) and languages (lower case BCP 47) around a placement. */
export interface AdContext {
  contentTypes: ReadonlySet<string>;
  genres: ReadonlySet<string>;
  languages: ReadonlySet<string>;
}

export interface AudienceColumns {
  contentTypes: readonly string[];
  genres: readonly string[];
  languages: readonly string[];
}

/** "en" fits "en-GB" and "en"; "en-GB" fits only "en-GB". */
function languageFits(wanted: string, known: ReadonlySet<string>): boolean {
  const tag = wanted.toLowerCase();
  for (const language of known) if (language === tag || language.startsWith(`${tag}-`)) return true;
  return false;
}

export function matchesAudience(audience: AudienceColumns, context: AdContext): boolean {
  if (
    audience.contentTypes.length > 0 &&
    !audience.contentTypes.some((type) => context.contentTypes.has(type))
  ) {
    return false;
  }
  if (
    audience.genres.length > 0 &&
    !audience.genres.some((genre) => context.genres.has(genre.toLowerCase()))
  ) {
    return false;
  }
  if (
    audience.languages.length > 0 &&
    !audience.languages.some((language) => languageFits(language, context.languages))
  ) {
    return false;
  }
  return true;
}
