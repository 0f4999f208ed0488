// Small helpers for the XML files inside archives (container.xml, OPF, NCX, ComicInfo.xml), which
// may use any namespace prefix: elements are matched by local name.
import * as cheerio from "cheerio";

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
