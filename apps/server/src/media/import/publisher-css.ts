// An EPUB's own style sheets, cleaned and confined to the element that shows a chapter, so a book
// keeps its publisher's look without its CSS reaching the rest of our page. The CSS comes from an
// untrusted file: whatever could load from elsewhere, cover the app, fight the reader's own layout
// (pagination by columns, page margins, the text-size setting) or break out of the <style> element
// it is stored in is dropped or rewritten here. What is kept is written out again by this module
// rather than by PostCSS, so nothing the book wrote reaches the output without passing a check.
import postcss, { type AtRule, type Container, type Rule } from "postcss";
import selectorParser from "postcss-selector-parser";
import valueParser from "postcss-value-parser";
import {
  ALWAYS_DROPPED,
  BLOCKED_FUNCTIONS,
  DRAWING_PROPERTIES,
  EPUB_PROPERTIES,
  FACE_DESCRIPTORS,
  GENERIC_FAMILIES,
  IMAGE_PROPERTIES,
  INCH,
  POSITIONS,
  ROOT_DROPPED,
  SIZE_KEYWORDS,
  VENDOR,
} from "./publisher-css-rules.ts";

export interface PublisherCssOptions {
  /** Selector of the element that stands for the book's root (html/body/:root): ".lv-publisher". */
  scope: string;
  /** Prefix added to every class name in selectors: "pub-". */
  classPrefix: string;
  /** Prefix added to every id in selectors: "book-". */
  idPrefix: string;
  /** Font family names declared by @font-face anywhere in the book (as written, case-insensitive match). */
  bookFamilies: ReadonlySet<string>;
  /** A url() found in the CSS (as written, unquoted, not yet resolved), and what it is used for;
   *  returns the URL to write instead (the caller copies the file) or null to drop the declaration / src entry. */
  resolveUrl: (url: string, use: "font" | "image") => Promise<string | null>;
  /** The text of a stylesheet named by @import (url as written), or null when it cannot be read. */
  readImport: (url: string) => Promise<{
    css: string;
    resolveUrl: PublisherCssOptions["resolveUrl"];
    readImport: PublisherCssOptions["readImport"];
  } | null>;
}

type Resolvers = Pick<PublisherCssOptions, "resolveUrl" | "readImport">;
type ValueNode = valueParser.Node;

/** How deep @import may nest, and how many one call follows: a book needs few, a hostile one many. */
const MAX_IMPORT_DEPTH = 4;
const MAX_IMPORTS = 50;
/** Longer selector lists are not a book's; the parser's own advice for untrusted input. */
const MAX_SELECTOR_LENGTH = 65_536;

/** Book fonts and custom properties get this prefix so that they cannot replace the app's own. */
const BOOK_PREFIX = "lv-book-";

/** The prefixed form of a family declared by the book, the same function used everywhere. */
export function bookFamilyName(name: string): string {
  return `${BOOK_PREFIX}${name}`;
}

interface Run {
  options: PublisherCssOptions;
  families: Set<string>;
  imports: number;
}

interface Sheet {
  run: Run;
  resolvers: Resolvers;
  depth: number;
  /** The text of this sheet and of those importing it, to stop an @import cycle. */
  chain: string[];
}

export async function sanitizePublisherCss(css: string, options: PublisherCssOptions): Promise<string> {
  const run: Run = { options, families: lowerCased(options.bookFamilies), imports: 0 };
  return (await sheet(css, { run, resolvers: options, depth: 0, chain: [] })).join("\n");
}

/** The family names declared by @font-face rules (unquoted), for bookFamilies. Never throws on bad CSS. */
export function fontFaceFamilies(css: string): string[] {
  const root = parse(css);
  if (!root) return [];
  const names = new Map<string, string>();
  root.walkAtRules(/^font-face$/i, (face) => {
    face.each((node) => {
      if (node.type !== "decl" || node.prop.toLowerCase() !== "font-family") return;
      const name = familyName(node.value);
      if (name && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
    });
  });
  return [...names.values()];
}

/** A `style` attribute's declarations cleaned with the same rules; a url() drops its declaration. */
export function sanitizeStyleAttribute(
  style: string,
  options: Pick<PublisherCssOptions, "bookFamilies">,
): string {
  const root = parse(style);
  if (!root) return "";
  const families = lowerCased(options.bookFamilies);
  const kept: string[] = [];
  for (const node of root.nodes) {
    if (node.type !== "decl") continue;
    const cleaned = cleanDeclaration(node.prop, node.value, false, families);
    if (cleaned && cleaned.urls.length === 0) kept.push(writeDeclaration(cleaned));
  }
  return kept.join("; ");
}

function parse(css: string): postcss.Root | null {
  try {
    // CSS reads CR, CRLF and form feed as newlines; doing the same here keeps all later checks simple.
    return postcss.parse(css.replace(/\r\n?|\f/g, "\n"));
  } catch {
    return null;
  }
}

function lowerCased(names: ReadonlySet<string>): Set<string> {
  return new Set([...names].map((name) => name.toLowerCase()));
}

async function sheet(css: string, context: Sheet): Promise<string[]> {
  const root = parse(css);
  if (!root) return [];
  return children(root, { ...context, chain: [...context.chain, css] });
}

async function children(container: Container, context: Sheet): Promise<string[]> {
  const out: string[] = [];
  for (const node of container.nodes ?? []) {
    // Comments, and declarations outside any rule, are dropped.
    if (node.type !== "rule" && node.type !== "atrule") continue;
    const pieces = await (node.type === "rule" ? styleRule(node, context) : atRule(node, context));
    // A last guard for the <style> element the output goes into: its text must never hold an end tag
    // or the start of a comment, whatever a check above might have missed.
    out.push(...pieces.filter((piece) => !/<[/!]/.test(piece)));
  }
  return out;
}

async function atRule(node: AtRule, context: Sheet): Promise<string[]> {
  const name = node.name.toLowerCase();
  if (name === "import") return importRule(node, context);
  if (name === "font-face") return fontFace(node, context);
  // A layer's rules are kept without the layer: a named layer would join the app's layers of that
  // name (and order), and unlayered they still only reach the chapter.
  if (name === "layer") return node.nodes ? children(node, context) : [];
  if (name !== "media" && name !== "supports") return [];
  const params = cleanParams(node.params);
  if (params === null || !node.nodes) return [];
  return wrap(params ? `@${name} ${params}` : `@${name}`, await children(node, context));
}

function wrap(prelude: string, inner: string[]): string[] {
  if (inner.length === 0) return [];
  return [`${prelude} {\n${inner.map((line) => line.replace(/^/gm, "  ")).join("\n")}\n}`];
}

/** A media query or supports condition, with whitespace collapsed; null when it could load or escape. */
function cleanParams(params: string): string | null {
  const clean = params.replace(/\s+/g, " ").trim();
  return /url\(|[\\{};@]|<[/!]/i.test(clean) ? null : clean;
}

/** An imported sheet takes the place of its @import, wrapped in the import's own media or supports condition. */
async function importRule(node: AtRule, context: Sheet): Promise<string[]> {
  if (context.depth >= MAX_IMPORT_DEPTH || context.run.imports >= MAX_IMPORTS) return [];
  const nodes = valueParser(node.params).nodes.filter((part) => part.type !== "space");
  const first = nodes[0];
  if (!first || (first.type !== "string" && !urlFunction(first))) return [];
  const url = first.type === "string" ? decodeEscapes(first.value) : urlText(first);
  let supports = "";
  const media: string[] = [];
  for (const part of nodes.slice(1)) {
    // A layer is dropped as @layer is (see atRule); the name is that of the word or of the function.
    const name = part.value.toLowerCase();
    if (part.type === "function" && name === "supports") supports = `(${valueParser.stringify(part.nodes)})`;
    else if (name !== "layer") media.push(valueParser.stringify(part));
  }
  const mediaParams = cleanParams(media.join(" "));
  const supportsParams = cleanParams(supports);
  if (mediaParams === null || supportsParams === null) return [];
  context.run.imports += 1;
  const imported = await context.resolvers.readImport(url);
  if (!imported || context.chain.includes(imported.css)) return [];
  const resolvers = { resolveUrl: imported.resolveUrl, readImport: imported.readImport };
  let inner = await sheet(imported.css, { ...context, resolvers, depth: context.depth + 1 });
  if (mediaParams) inner = wrap(`@media ${mediaParams}`, inner);
  return supportsParams ? wrap(`@supports ${supportsParams}`, inner) : inner;
}

async function fontFace(node: AtRule, context: Sheet): Promise<string[]> {
  let family: string | null = null;
  const sources: string[] = [];
  const descriptors: string[] = [];
  for (const decl of node.nodes ?? []) {
    if (decl.type !== "decl") continue;
    const prop = decl.prop.toLowerCase();
    if (prop === "font-family") family = familyName(decl.value);
    else if (prop === "src") sources.push(decl.value);
    else if (FACE_DESCRIPTORS.test(prop)) {
      const cleaned = cleanDeclaration(prop, decl.value, false, new Set());
      if (cleaned && cleaned.urls.length === 0) descriptors.push(writeDeclaration(cleaned));
    }
  }
  // Checked before any url is resolved, since resolving one copies its file.
  if (family === null || sources.length === 0) return [];
  const srcs: string[] = [];
  for (const source of sources) {
    const entries = await fontSources(source, context.resolvers.resolveUrl);
    if (entries.length > 0) srcs.push(`src: ${entries.join(", ")}`);
  }
  if (srcs.length === 0) return [];
  const declarations = [`font-family: ${quote(bookFamilyName(family))}`, ...srcs, ...descriptors];
  return [`@font-face { ${declarations.join("; ")} }`];
}

/** The entries of a `src` descriptor that load a font we hold, each with its format() and tech() hints. */
async function fontSources(value: string, resolveUrl: Resolvers["resolveUrl"]): Promise<string[]> {
  const entries: string[] = [];
  for (const entry of splitOnCommas(valueParser(value).nodes)) {
    const parts = entry.filter((part) => part.type !== "space");
    const [first, ...hints] = parts;
    // local() is dropped too: it reads the reader's installed fonts, a way to fingerprint them.
    if (!first || !urlFunction(first)) continue;
    const kept = hints.filter(
      (hint) => hint.type === "function" && /^(?:format|tech)$/i.test(hint.value) && !hint.unclosed,
    );
    const hintText = kept.map((hint) => valueParser.stringify(hint)).join(" ");
    if (/[\\<]/.test(hintText)) continue;
    const resolved = await resolveUrl(urlText(first), "font");
    if (resolved !== null) entries.push([`url(${quote(resolved)})`, hintText].filter(Boolean).join(" "));
  }
  return entries;
}

/** A family name as written in `font-family` (one string, or words separated by spaces), or null. */
function familyName(value: string): string | null {
  const parts = valueParser(value).nodes.filter((part) => part.type !== "space");
  const first = parts[0];
  if (parts.length === 1 && first?.type === "string" && !first.unclosed) return decodeEscapes(first.value);
  if (parts.length === 0 || !parts.every((part) => part.type === "word")) return null;
  return decodeEscapes(parts.map((part) => part.value).join(" "));
}

/** A selector confined to the scope; `root` when it matches the book's root itself, whose box is the reader's. */
type Scoped = { text: string; root: boolean };

async function styleRule(rule: Rule, context: Sheet): Promise<string[]> {
  const selectors = scopeSelectors(rule.selector, context.run.options);
  if (!selectors) return [];
  const out: string[] = [];
  // `body, p { margin: 0 }` is split so that p keeps the margin the book's root may not have.
  for (const root of [true, false]) {
    const matching = selectors.filter((selector) => selector.root === root);
    const list = [...new Set(matching.map((selector) => selector.text))];
    if (list.length === 0) continue;
    const declarations: string[] = [];
    for (const node of rule.nodes) {
      // Nested rules (CSS nesting) are dropped with the comments: books made for EPUB readers do not use them.
      if (node.type !== "decl") continue;
      const cleaned = cleanDeclaration(node.prop, node.value, root, context.run.families);
      if (cleaned && (await resolveUrls(cleaned.urls, "image", context.resolvers.resolveUrl))) {
        declarations.push(writeDeclaration(cleaned));
      }
    }
    if (declarations.length > 0) out.push(`${list.join(", ")} { ${declarations.join("; ")} }`);
  }
  return out;
}

/** The rule's selectors confined to the scope, or null when the rule must go. */
function scopeSelectors(list: string, options: PublisherCssOptions): Scoped[] | null {
  let ast: selectorParser.Root;
  try {
    ast = selectorParser().astSync(list, { lossless: false, maxInputLength: MAX_SELECTOR_LENGTH });
  } catch {
    return null;
  }
  // A browser drops a rule whose list ends in a comma or holds an empty selector; so do we.
  if (/,\s*$/.test(list) || ast.nodes.some((selector) => selector.nodes.length === 0)) return null;
  const scoped = ast.nodes.flatMap((selector) => scopeSelector(selector, options) ?? []);
  return scoped.length > 0 ? scoped : null;
}

function scopeSelector(selector: selectorParser.Selector, options: PublisherCssOptions): Scoped | null {
  let keep = true;
  selector.walk((node) => {
    // A comment left inside a selector (`b/**/c`) is one a browser would not read as a space either.
    if (selectorParser.isComment(node)) keep = false;
    // svg|a, *|p, [xml|lang]: a namespace that the HTML we store no longer has. `&` is nesting, which we drop.
    else if (selectorParser.isTag(node) && node.namespace) keep = false;
    else if (selectorParser.isUniversal(node) && String(node).includes("|")) keep = false;
    else if (selectorParser.isNesting(node)) keep = false;
    else if (selectorParser.isAttribute(node)) keep &&= renameAttribute(node);
    else if (selectorParser.isClassName(node)) node.value = `${options.classPrefix}${node.value}`;
    else if (selectorParser.isIdentifier(node)) {
      // An id's value is not escaped on assignment, so the prefix goes on its spelling as written.
      node.setPropertyWithoutEscape("value", `${options.idPrefix}${String(node).trim().slice(1)}`);
    } else if (selectorParser.isCombinator(node)) {
      const value = node.value;
      node.value = value; // drops a raw spelling, which may hold a comment
      const space = value === " " ? "" : " ";
      node.spaces = { before: node.prev() ? space : "", after: space };
      if (node.raws) delete node.raws.spaces;
    }
  });
  if (!keep) return null;
  const nodes = selector.nodes;
  const end = rootPartEnd(nodes);
  const next = nodes[end];
  // `body ~ div` would style the app's own elements next to the chapter.
  if (next && selectorParser.isCombinator(next) && next.value !== " " && next.value !== ">") return null;
  let text: string;
  if (end === 0) text = `${options.scope} ${String(selector).trim()}`;
  else {
    const attached = nodes
      .slice(0, end)
      .filter((node) => !isRootSimple(node) && !selectorParser.isCombinator(node));
    for (const node of attached) node.spaces = { before: "", after: "" };
    text = `${options.scope}${attached.join("")}${nodes.slice(end).join("")}`.trim();
  }
  if (/[<@]|url\(/i.test(text)) return null; // neither loads here, but "no url() or @import left" stays simple
  const root = end === nodes.length && !nodes.some((node) => selectorParser.isPseudoElement(node));
  return { text, root };
}

/** `[epub|type~=x]`, `[*|type~=x]` and `[epub\:type~=x]` match the data-type attribute import writes instead. */
function renameAttribute(node: selectorParser.Attribute): boolean {
  const name = node.attribute.toLowerCase();
  const namespace = node.namespace ? String(node.namespace).toLowerCase() : "";
  const epubType = namespace ? /^(?:epub|\*)$/.test(namespace) && name === "type" : name === "epub:type";
  if (!epubType) return namespace === "";
  node.namespace = "";
  node.attribute = "data-type";
  return true;
}

function isRootTag(node: selectorParser.Node): boolean {
  return selectorParser.isTag(node) && /^(?:html|body)$/i.test(node.value);
}

/** A part of html, body or :root that the scope replaces (rather than one attached to it, like a class). */
function isRootSimple(node: selectorParser.Node): boolean {
  return (
    isRootTag(node) ||
    selectorParser.isUniversal(node) ||
    (selectorParser.isPseudoClass(node) && node.value.toLowerCase() === ":root")
  );
}

/** How many of the selector's first nodes stand for the book's root: `html`, `html > body.x`, `:root`. */
function rootPartEnd(nodes: selectorParser.Node[]): number {
  let end = 0;
  let start = 0;
  while (start < nodes.length) {
    let stop = start;
    while (stop < nodes.length && !selectorParser.isCombinator(nodes[stop])) stop += 1;
    const compound = nodes.slice(start, stop);
    const isRoot =
      compound.some((node) => isRootSimple(node) && !selectorParser.isUniversal(node)) &&
      compound.every((node) => !selectorParser.isTag(node) || isRootTag(node));
    if (!isRoot) break;
    end = stop;
    const combinator = nodes[stop];
    if (!combinator || (combinator.value !== " " && combinator.value !== ">")) break;
    start = stop + 1;
  }
  return end;
}

interface CleanDeclaration {
  prop: string;
  nodes: ValueNode[];
  /** The url() functions left to resolve; a caller that cannot resolve them drops the declaration. */
  urls: valueParser.FunctionNode[];
}

/** One declaration checked against every rule that does not need a resolver; null when it is dropped. */
function cleanDeclaration(
  property: string,
  value: string,
  root: boolean,
  families: Set<string>,
): CleanDeclaration | null {
  // Escapes in a property name would let `posi\tion` pass for something else.
  if (!/^(?:--[\w-]+|-?[a-z][a-z0-9-]*)$/i.test(property)) return null;
  const custom = property.startsWith("--");
  const named = custom ? `--${BOOK_PREFIX}${property.slice(2)}` : property.toLowerCase();
  const prop = EPUB_PROPERTIES[named] ?? named;
  const base = prop.replace(VENDOR, "");
  if (ALWAYS_DROPPED.test(base) || (root && ROOT_DROPPED.test(base))) return null;
  if (/expression\s*\(|javascript:/i.test(value)) return null;
  const parsed = valueParser(value);
  const urls: valueParser.FunctionNode[] = [];
  let bad = false;
  parsed.walk((node) => {
    if (bad || ("unclosed" in node && node.unclosed) || node.type === "comment") {
      bad = true;
      return false;
    }
    if (node.type === "string") node.value = escapeString(node.value);
    else if (node.type === "function") {
      const name = node.value.toLowerCase();
      // A name that is not a plain identifier is split otherwise by a browser: `=url(` is `=` then url(),
      // and an escaped one (`u\72 l(`) is url() too.
      if (!/^(?:-?-?[a-z_][\w-]*)?$/.test(name) || BLOCKED_FUNCTIONS.test(name)) bad = true;
      if (name === "url") urls.push(node);
      if (name === "var" && node.nodes[0]?.type === "word" && node.nodes[0].value.startsWith("--")) {
        node.nodes[0].value = `--${BOOK_PREFIX}${node.nodes[0].value.slice(2)}`;
      }
      node.before = node.before ? " " : "";
      node.after = node.after ? " " : "";
      return name !== "url";
    } else if (/[\\<@]/.test(node.value)) {
      bad = true; // escapes, markup and at-keywords are never needed outside a string
    } else if (node.type === "space") node.value = " ";
    else if (node.type === "div") {
      node.before = node.before ? " " : "";
      node.after = node.after ? " " : "";
    }
    return undefined;
  });
  if (bad) return null;
  const nodes = trimSpaces(parsed.nodes);
  const word = nodes.length === 1 && nodes[0]?.type === "word" ? nodes[0].value.toLowerCase() : null;
  if (base === "position" && (word === null || !POSITIONS.has(word))) return null;
  // Only a plain number is trusted with z-index: calc() or var() could hide any height.
  const zIndex =
    word === "auto" ? 0 : word && /^[+-]?\d+$/.test(word) ? Number(word) : Number.POSITIVE_INFINITY;
  if (base === "z-index" && zIndex > 10) return null;
  const drawingReference = DRAWING_PROPERTIES.test(base) && urls.every((url) => urlText(url).startsWith("#"));
  if (urls.length > 0 && !IMAGE_PROPERTIES.test(base) && !drawingReference) return null;
  if (base === "font-size") convertFontSizes(nodes);
  // EPUB 2 wrote `-epub-text-combine: horizontal` for what CSS calls `text-combine-upright: all`.
  if (prop === "text-combine-upright" && word === "horizontal" && nodes[0]?.type === "word")
    nodes[0].value = "all";
  if (nodes.length === 0) return null;
  if (base === "font") return { prop, nodes: fontShorthand(nodes, families), urls };
  if (base === "font-family") return { prop, nodes: renameFamilies(nodes, families), urls };
  return { prop, nodes, urls };
}

function writeDeclaration(declaration: CleanDeclaration): string {
  return `${declaration.prop}: ${valueParser.stringify(declaration.nodes)}`;
}

/** Each url() replaced by what the resolver answers; false when one of them may not load. */
async function resolveUrls(
  urls: valueParser.FunctionNode[],
  use: "font" | "image",
  resolveUrl: Resolvers["resolveUrl"],
): Promise<boolean> {
  for (const url of urls) {
    const resolved = await resolveUrl(urlText(url), use);
    if (resolved === null) return false;
    Object.assign(url, { before: "", after: "", nodes: [stringNode(resolved)] });
  }
  return true;
}

function urlFunction(node: ValueNode): node is valueParser.FunctionNode {
  return node.type === "function" && node.value.toLowerCase() === "url" && !node.unclosed;
}

/** What a url() names, unquoted and with its escapes read, as the caller's resolver expects it. */
function urlText(node: valueParser.FunctionNode): string {
  return decodeEscapes(node.nodes.map((part) => part.value).join("")).trim();
}

/** Font sizes in absolute units become em of a 16px text, so the reader's text-size setting still scales them. */
function convertFontSizes(nodes: ValueNode[]): void {
  valueParser.walk(nodes, (node) => {
    if (node.type === "word") node.value = toEm(node.value);
  });
}

function toEm(word: string): string {
  const dimension = valueParser.unit(word);
  const perInch = dimension ? INCH[dimension.unit.toLowerCase()] : undefined;
  if (!dimension || perInch === undefined) return word;
  const em = Math.round(((Number(dimension.number) * 6) / perInch) * 10_000) / 10_000;
  return Number.isFinite(em) ? `${em}em` : word;
}

/** `font: italic 12pt/1.4 Georgia, serif`: the size converted and the families renamed. */
function fontShorthand(nodes: ValueNode[], families: Set<string>): ValueNode[] {
  const size = nodes.findIndex((node) => {
    if (node.type === "function") return true; // calc(), var(): where a size would be
    if (node.type !== "word") return false;
    const dimension = valueParser.unit(node.value);
    return (
      SIZE_KEYWORDS.test(node.value) || (dimension && (dimension.unit !== "" || dimension.number === "0"))
    );
  });
  // No size: a system font (`font: caption`) or something we do not understand, left as it is.
  const sizeNode = nodes[size];
  if (size === -1 || !sizeNode) return nodes;
  if (sizeNode.type === "word") sizeNode.value = toEm(sizeNode.value);
  let familiesStart = size + 1;
  const slash = nodes[familiesStart];
  if (slash?.type === "div" && slash.value === "/") familiesStart += 2;
  const rest = trimSpaces(nodes.slice(familiesStart));
  if (rest.length === 0) return nodes;
  return [...nodes.slice(0, familiesStart), SPACE, ...renameFamilies(rest, families)];
}

/** Each family the book declared with @font-face, in the name it was declared under here. */
function renameFamilies(nodes: ValueNode[], families: Set<string>): ValueNode[] {
  const out: ValueNode[] = [];
  for (const [index, family] of splitOnCommas(nodes).entries()) {
    if (index > 0) out.push(COMMA);
    const parts = trimSpaces(family);
    const unquoted = parts.every((part) => part.type === "word");
    const name = familyName(valueParser.stringify(parts));
    const generic = unquoted && name !== null && GENERIC_FAMILIES.test(name);
    if (name === null || generic || !families.has(name.toLowerCase())) {
      out.push(...parts);
      continue;
    }
    out.push(stringNode(bookFamilyName(name)));
  }
  return out;
}

const SPACE: ValueNode = { type: "space", value: " ", sourceIndex: 0, sourceEndIndex: 0 };
const COMMA: ValueNode = {
  type: "div",
  value: ",",
  before: "",
  after: " ",
  sourceIndex: 0,
  sourceEndIndex: 0,
};

function stringNode(text: string): ValueNode {
  return { type: "string", quote: '"', value: quote(text).slice(1, -1), sourceIndex: 0, sourceEndIndex: 0 };
}

function splitOnCommas(nodes: ValueNode[]): ValueNode[][] {
  const groups: ValueNode[][] = [[]];
  for (const node of nodes) {
    if (node.type === "div" && node.value === ",") groups.push([]);
    else groups[groups.length - 1]?.push(node);
  }
  return groups;
}

function trimSpaces(nodes: ValueNode[]): ValueNode[] {
  let start = 0;
  let end = nodes.length;
  while (start < end && nodes[start]?.type === "space") start += 1;
  while (end > start && nodes[end - 1]?.type === "space") end -= 1;
  return nodes.slice(start, end);
}

/** A string as the book wrote it (escapes and all), with `<` escaped so that no `</style` can form. */
function escapeString(raw: string): string {
  return raw.replace(/\\[\s\S]|</g, (m) => (m === "\\\n" ? "" : m === "<" || m === "\\<" ? "\\3c " : m));
}

/** Text in double quotes, escaped for CSS and for the <style> element around it. */
function quote(text: string): string {
  const escaped = text
    .replace(/[\\"]/g, "\\$&")
    .replace(/[<\n\r\f]/g, (char) => `\\${char.codePointAt(0)?.toString(16)} `);
  return `"${escaped}"`;
}

/** CSS escapes read: `\31 ` is "1", `\"` is `"`; an escaped newline is nothing. */
function decodeEscapes(text: string): string {
  return text.replace(/\\(?:([0-9a-f]{1,6})[ \t\n]?|(\n)|([\s\S]))/gi, (_match, hex, newline, char) => {
    if (newline) return "";
    if (!hex) return char;
    const code = Number.parseInt(hex, 16);
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
      ? "\uFFFD"
      : String.fromCodePoint(code);
  });
}
