// Text that others read as a name (display names, handles, club names, titles, subjects) must
// show what it holds: no characters that are invisible, that reorder the text around them
// ("Admin\u202E nimdA" reads as "Admin Admin"), or that hide between letters.
import { z } from "zod";

/**
 * Emoji sequences, whose joiners, variation selectors and tags are part of one visible picture:
 * a family or a profession joined with ZWJ, a heart with its colour selector, a keycap, the flags
 * of England, Scotland and Wales. These are the only places such characters are allowed. (A
 * `\p{RGI_Emoji}` pattern would be exact, but needs the `v` flag, which not every browser the
 * app supports parses.)
 */
const EMOJI_SEQUENCE =
  /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}[\uFE0E\uFE0F]?\p{Emoji_Modifier}?(?:\u200D\p{Extended_Pictographic}[\uFE0E\uFE0F]?\p{Emoji_Modifier}?)*/gu;

/**
 * Control and format characters (which include every bidirectional control, the zero-width
 * spaces and joiners, the byte order mark and the tag characters), lone surrogates, line and
 * paragraph separators, every default-ignorable code point (variation selectors, Hangul fillers,
 * the combining grapheme joiner, …) and the blank braille pattern, which renders as nothing.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, "gu");

/** Whether `text` holds no invisible or direction-changing character outside an emoji. */
export function isVisibleText(text: string): boolean {
  return !INVISIBLE.test(text.replace(EMOJI_SEQUENCE, ""));
}

/** `text` without its invisible and direction-changing characters (emoji are kept whole). */
export function stripInvisibleCharacters(text: string): string {
  let result = "";
  let last = 0;
  for (const match of text.matchAll(EMOJI_SEQUENCE)) {
    result += text.slice(last, match.index).replace(INVISIBLE_ALL, "") + match[0];
    last = match.index + match[0].length;
  }
  return result + text.slice(last).replace(INVISIBLE_ALL, "");
}

/** The message for a field that refuses such characters: "A display name cannot contain …". */
export function invisibleTextMessage(subject: string): string {
  return `${subject} cannot contain invisible or direction-changing characters`;
}

/** For text of several lines (a caption): line breaks and tabs are fine, the rest as above. */
export function isVisibleMultilineText(text: string): boolean {
  return isVisibleText(text.replace(/[\n\r\t]/g, ""));
}

/**
 * A trimmed string that others read as a name, refused with "`subject` cannot contain …" when it
 * holds invisible or direction-changing characters. Lengths and the rest chain on as usual.
 */
export function visibleString(subject: string) {
  return z.string().trim().refine(isVisibleText, invisibleTextMessage(subject));
}
