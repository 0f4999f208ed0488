// Small helpers for the XML files inside archives (container.xml, OPF, NCX, ComicInfo.xml), which
// may use any namespace prefix: elements are matched by local name.
import * as cheerio from "cheerio";
import { SaxesParser } from "saxes";

export type XmlDoc = cheerio.CheerioAPI;
type ElementSelection = ReturnType<ReturnType<XmlDoc["root"]>["children"]>;

export function parseXml(text: string): XmlDoc {
  return cheerio.load(text, { xml: { xmlMode: true, decodeEntities: true } });
}

export function localName(name: string): string {
  return name.slice(name.indexOf(":") + 1).toLowerCase();
}

/** Descendants of `scope` (default: the whole document) with this local name, in document order. */
export function elements($: XmlDoc, name: string, scope?: ElementSelection): ElementSelection {
  const lower = name.toLowerCase();
  return (scope ? scope.find("*") : $.root().find("*")).filter(
    (_, element) => localName(element.tagName) === lower,
  );
}

/** Direct children with this local name. */
export function children(selection: ElementSelection, name: string): ElementSelection {
  const lower = name.toLowerCase();
  return selection.children().filter((_, element) => localName(element.tagName) === lower);
}

/** An attribute by local name (`opf:role` and `role` alike). */
export function attribute(selection: ElementSelection, name: string): string | undefined {
  const element = selection.get(0);
  if (!element) return undefined;
  const lower = name.toLowerCase();
  const entries = Object.entries(element.attribs);
  return (
    entries.find(([key]) => key.toLowerCase() === lower)?.[1] ??
    entries.find(([key]) => localName(key) === lower)?.[1]
  );
}

export function textOf(selection: ElementSelection): string {
  return selection.text().replace(/\s+/g, " ").trim();
}

/**
 * The first reason an XHTML document is not well-formed XML ("3:14: unclosed tag: p"), or null.
 * Named entities are left alone: XHTML documents declare HTML's through their doctype.
 */
export function wellFormednessProblem(text: string): string | null {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let problem: string | null = null;
  parser.on("error", (error) => {
    if (problem === null && !/undefined entity/i.test(error.message)) problem = error.message;
  });
  try {
    parser.write(text).close();
  } catch (error) {
    problem ??= error instanceof Error ? error.message : String(error);
  }
  return problem;
}
