import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  bookFamilyName,
  fontFaceFamilies,
  type PublisherCssOptions,
  sanitizePublisherCss,
  sanitizeStyleAttribute,
} from "./publisher-css.ts";

/** Files of the book resolve to our media address; anything remote or inline is refused. */
const resolveUrl = vi.fn<PublisherCssOptions["resolveUrl"]>(async (url, use) =>
  /^(?:https?:|data:|\/\/)/i.test(url) ? null : `lv-media:${use}s/${url}`,
);

const OPTIONS: PublisherCssOptions = {
  scope: ".lv-publisher",
  classPrefix: "pub-",
  idPrefix: "book-",
  bookFamilies: new Set(["Book Serif", "Caps"]),
  resolveUrl,
  readImport: async () => null,
};

function clean(css: string, options: Partial<PublisherCssOptions> = {}): Promise<string> {
  resolveUrl.mockClear();
  return sanitizePublisherCss(css, { ...OPTIONS, ...options });
}

/** The selector a rule with one declaration comes out with, or "" when the rule was dropped. */
async function selectorOf(selector: string): Promise<string> {
  const out = await clean(`${selector} { color: red }`);
  return out.replace(/ \{ color: red \}$/, "");
}

/** The declarations a `p` rule keeps, as written. */
async function declarations(body: string, options: Partial<PublisherCssOptions> = {}): Promise<string> {
  const out = await clean(`p { ${body} }`, options);
  return out.replace(/^\.lv-publisher p \{ (.*) \}$/, "$1");
}

/** Imported sheets by name, each with resolvers that say which sheet resolved a url. */
function library(sheets: Record<string, string>, reads: string[] = []): PublisherCssOptions["readImport"] {
  const readImport: PublisherCssOptions["readImport"] = async (url) => {
    reads.push(url);
    const css = sheets[url];
    if (css === undefined) return null;
    return { css, readImport, resolveUrl: async (target) => `lv-media:${url}/${target}` };
  };
  return readImport;
}

describe("parsing and output", () => {
  it.each([
    ["an unclosed block", "p { color: red"],
    ["an unclosed string", 'p { content: "x }'],
    ["a stray brace", "p { color: red } }"],
    ["a declaration without a value", "p { color }"],
    ["markup instead of CSS", "<p>hello</p>"],
  ])("returns an empty string for %s, never throwing", async (_case, css) => {
    await expect(clean(css)).resolves.toBe("");
  });

  it("drops comments and writes one rule a line, at-rules indented", async () => {
    const css = `/* c */ p { /* d */ color: red; margin: 0 /* e */ }
      @media print { /* f */ h1 { color: black } }`;
    expect(await clean(css)).toBe(
      ".lv-publisher p { color: red; margin: 0 }\n@media print {\n  .lv-publisher h1 { color: black }\n}",
    );
  });

  it("drops a rule left with no declaration and an at-rule left with no rule", async () => {
    expect(await clean("p { cursor: pointer } @media print { p { cursor: pointer } }")).toBe("");
  });
});

describe("selectors", () => {
  it.each([
    ["p.note", ".lv-publisher p.pub-note"],
    ["html", ".lv-publisher"],
    ["BODY", ".lv-publisher"],
    [":root", ".lv-publisher"],
    ["html body", ".lv-publisher"],
    ["html > body", ".lv-publisher"],
    ["body.dark p", ".lv-publisher.pub-dark p"],
    ["html[lang] p", ".lv-publisher[lang] p"],
    [":root:not(.night) a", ".lv-publisher:not(.pub-night) a"],
    ["body > p", ".lv-publisher > p"],
    ["html body div.chapter", ".lv-publisher div.pub-chapter"],
    ["body::before", ".lv-publisher::before"],
    ["*", ".lv-publisher *"],
    ["html *", ".lv-publisher *"],
    ["#note1", ".lv-publisher #book-note1"],
    ["a#n\\31 23", ".lv-publisher a#book-n\\31 23"],
    [".\\31 st", ".lv-publisher .pub-1st"],
    ["p.a.b + p.c", ".lv-publisher p.pub-a.pub-b + p.pub-c"],
    ["a:hover::after", ".lv-publisher a:hover::after"],
    ["p::first-letter", ".lv-publisher p::first-letter"],
    ["li:nth-child(2n+1)", ".lv-publisher li:nth-child(2n + 1)"],
  ])("%s becomes %s", async (selector, expected) => {
    expect(await selectorOf(selector)).toBe(expected);
  });

  it.each([
    ["p:not(.a, #b)", ".lv-publisher p:not(.pub-a,#book-b)"],
    [":is(.a, .b) > p", ".lv-publisher :is(.pub-a,.pub-b) > p"],
    [":where(#x) em", ".lv-publisher :where(#book-x) em"],
    ["div:has(> img.cover)", ".lv-publisher div:has(> img.pub-cover)"],
  ])("prefixes classes and ids inside %s but not the scope", async (selector, expected) => {
    expect(await selectorOf(selector)).toBe(expected);
  });

  it.each([
    ['[epub|type~="footnote"]', '.lv-publisher [data-type~="footnote"]'],
    ["[*|type~=noteref]", ".lv-publisher [data-type~=noteref]"],
    ['a[epub|type="noteref"]', '.lv-publisher a[data-type="noteref"]'],
    ["aside[EPUB|type]", ".lv-publisher aside[data-type]"],
    ['[epub\\:type="footnote"]', '.lv-publisher [data-type="footnote"]'],
  ])("matches epub:type through data-type: %s", async (selector, expected) => {
    expect(await selectorOf(selector)).toBe(expected);
  });

  it("drops other namespaced selectors from the list, and the rule when none is left", async () => {
    expect(await selectorOf("svg|a, p, [xml|lang], *|*, |b, m|*")).toBe(".lv-publisher p");
    expect(await clean("svg|a { color: red } [xlink|href] { color: red }")).toBe("");
  });

  it.each([
    ["an attribute without a name", "p[=x]"],
    ["an empty attribute", "a[]"],
    ["a pseudo-element without a name", "p::"],
    ["a trailing comma", "p,"],
    ["an empty selector", "p,,a"],
  ])("drops a rule whose selector has %s and keeps the next", async (_case, selector) => {
    expect(await clean(`${selector} { color: red } a { color: blue }`)).toBe(
      ".lv-publisher a { color: blue }",
    );
  });

  it.each(["body ~ div", "body + p", "html + body", ":root ~ *", "+ p"])(
    "drops %s, which would reach the app's elements beside the chapter",
    async (selector) => {
      expect(await selectorOf(selector)).toBe("");
    },
  );

  it("drops selectors holding <, nesting (&) and nested rules", async () => {
    expect(await selectorOf('a[title="</style><script>"], p')).toBe(".lv-publisher p");
    expect(await clean("&.x { color: red }")).toBe("");
    expect(await clean("p { color: red; & a { color: blue } @media print { color: green } }")).toBe(
      ".lv-publisher p { color: red }",
    );
  });

  it("writes each scoped selector once", async () => {
    expect(await selectorOf("html, body, :root")).toBe(".lv-publisher");
  });
});

describe("at-rules", () => {
  it("keeps @media (prefers-color-scheme: dark) with its rules scoped", async () => {
    expect(
      await clean("@media (prefers-color-scheme: dark) { body { color: #eee } a.x { color: #9cf } }"),
    ).toBe(
      "@media (prefers-color-scheme: dark) {\n  .lv-publisher { color: #eee }\n  .lv-publisher a.pub-x { color: #9cf }\n}",
    );
  });

  it("keeps @supports nested inside @media, processed all the way down", async () => {
    const css =
      "@MEDIA screen and (min-width: 40em) { @supports (display: grid) { div { display: grid; position: fixed } } }";
    expect(await clean(css)).toBe(
      "@media screen and (min-width: 40em) {\n  @supports (display: grid) {\n    .lv-publisher div { display: grid }\n  }\n}",
    );
  });

  it.each([
    "@page { margin: 1em }",
    '@namespace epub "http://www.idpf.org/2007/ops";',
    '@charset "utf-8";',
    "@layer base, print;",
    "@keyframes spin { from { color: red } to { color: blue } }",
    "@-webkit-keyframes spin { from { color: red } }",
    "@property --x { syntax: '<length>'; inherits: false; initial-value: 0px }",
    "@container (min-width: 1px) { p { color: red } }",
    "@counter-style thumbs { system: cyclic; symbols: x }",
    "@font-feature-values Font One { @styleset { nice-style: 12 } }",
    "@scope (.a) { p { color: red } }",
    "@starting-style { p { color: red } }",
    "@-moz-document url-prefix() { p { color: red } }",
    "@whatever { p { color: red } }",
  ])("drops %s", async (rule) => {
    expect(await clean(`${rule} em { color: red }`)).toBe(".lv-publisher em { color: red }");
  });

  it("keeps the rules of an @layer block, without the layer", async () => {
    expect(await clean("@layer base { p.a { color: red } @layer inner { h1 { color: blue } } }")).toBe(
      ".lv-publisher p.pub-a { color: red }\n.lv-publisher h1 { color: blue }",
    );
  });

  it.each([
    "@media print, </style><script> { p { color: red } }",
    '@supports (background: url("http://evil/x")) { p { color: red } }',
    "@media print { }",
    "@media print;",
  ])("drops a conditional rule that could load or break out, or is empty: %s", async (css) => {
    expect(await clean(css)).toBe("");
  });
});

describe("@import", () => {
  it("is replaced where it stood by the imported sheet, processed with that sheet's resolvers", async () => {
    const readImport = library({ "a.css": "body.x { color: red } p { background: url(a.png) }" });
    const css = 'h1 { color: blue } @import url("a.css"); h2 { color: green }';
    expect(await clean(css, { readImport })).toBe(
      [
        ".lv-publisher h1 { color: blue }",
        ".lv-publisher.pub-x { color: red }",
        '.lv-publisher p { background: url("lv-media:a.css/a.png") }',
        ".lv-publisher h2 { color: green }",
      ].join("\n"),
    );
  });

  it("keeps the import's media query and supports condition around the sheet, and drops its layer", async () => {
    const readImport = library({ "p.css": "p { color: red }" });
    expect(await clean('@import "p.css" layer(base) supports(display: grid) print;', { readImport })).toBe(
      "@supports (display: grid) {\n  @media print {\n    .lv-publisher p { color: red }\n  }\n}",
    );
  });

  it("drops an import that cannot be read, and leaves no @import behind", async () => {
    const out = await clean('@import url(missing.css); @import "http://evil/x.css"; p { color: red }');
    expect(out).toBe(".lv-publisher p { color: red }");
  });

  it("stops a cycle", async () => {
    const reads: string[] = [];
    const sheets = {
      "a.css": '@import "b.css"; .a { color: red }',
      "b.css": '@import "a.css"; .b { color: blue }',
    };
    const readImport = library(sheets, reads);
    const out = await clean(sheets["a.css"], { readImport });
    expect(out).toBe(".lv-publisher .pub-b { color: blue }\n.lv-publisher .pub-a { color: red }");
    expect(reads).toEqual(["b.css", "a.css"]);
  });

  it("follows imports four deep and no deeper", async () => {
    const sheets: Record<string, string> = {};
    for (let level = 1; level <= 6; level += 1) {
      sheets[`${level}.css`] = `@import "${level + 1}.css"; .l${level} { color: red }`;
    }
    const out = await clean('@import "1.css";', { readImport: library(sheets) });
    expect(out.match(/pub-l\d/g)).toEqual(["pub-l4", "pub-l3", "pub-l2", "pub-l1"]);
  });

  it("reads at most 50 imports in all", async () => {
    const reads: string[] = [];
    const sheets = Object.fromEntries(
      Array.from({ length: 60 }, (_, i) => [`${i}.css`, `.s${i} { color: red }`]),
    );
    const css = Array.from({ length: 60 }, (_, i) => `@import "${i}.css";`).join("\n");
    const out = await clean(css, { readImport: library(sheets, reads) });
    expect(reads).toHaveLength(50);
    expect(out.split("\n")).toHaveLength(50);
  });
});

describe("declarations dropped wherever they are", () => {
  it.each([
    ["position: fixed", ""],
    ["position: sticky", ""],
    ["position: -webkit-sticky", ""],
    ["position: var(--where)", ""],
    ["position: relative", "position: relative"],
    ["position: absolute", "position: absolute"],
    ["z-index: 99999", ""],
    ["z-index: 11", ""],
    ["z-index: calc(10 + 1)", ""],
    ["z-index: var(--z)", ""],
    ["z-index: 10", "z-index: 10"],
    ["z-index: -1", "z-index: -1"],
    ["z-index: auto", "z-index: auto"],
  ])("%s → %j", async (body, expected) => {
    expect(await declarations(`${body}; color: red`)).toBe(
      expected ? `${expected}; color: red` : "color: red",
    );
  });

  it("drops an overlay built to cover the app, keeping what is harmless", async () => {
    const css =
      ".overlay { position: fixed; top: 0; left: 0; width: 100vw; height: 100vh; z-index: 2147483647 }";
    expect(await clean(css)).toBe(
      ".lv-publisher .pub-overlay { top: 0; left: 0; width: 100vw; height: 100vh }",
    );
  });

  it.each([
    "behavior: url(x.htc)",
    "-moz-binding: url(x.xml#b)",
    "width: expression(alert(1))",
    "width: EXPRESSION (alert(1))",
    "background-image: url(javascript:alert(1))",
    'content: "javascript:alert(1)"',
    "posi\\tion: fixed",
    "col\\or: red",
  ])("drops %s", async (body) => {
    expect(await declarations(`${body}; color: red`)).toBe("color: red");
  });

  it.each([
    "columns: 2",
    "column-count: 2",
    "column-width: 10em",
    "column-gap: 1em",
    "column-fill: auto",
    "column-rule: 1px solid",
    "column-rule-color: red",
    "column-span: all",
    "-webkit-column-count: 2",
    "-epub-column-gap: 0",
    "-webkit-columns: 2",
  ])("drops %s, since the reader paginates with columns", async (body) => {
    expect(await declarations(`${body}; color: red`)).toBe("color: red");
  });

  it.each([
    "animation: spin 1s infinite",
    "animation-name: spin",
    "-webkit-animation: spin 1s",
    "transition: color 1s",
    "transition-delay: 1s",
    "cursor: pointer",
    "pointer-events: none",
  ])("drops %s", async (body) => {
    expect(await declarations(`${body}; color: red`)).toBe("color: red");
  });

  it("removes !important and keeps the declaration", async () => {
    expect(await declarations("color: red !important; margin: 0 ! IMPORTANT")).toBe("color: red; margin: 0");
  });

  it("renames custom properties and their uses, so the app's own cannot be replaced", async () => {
    expect(await clean(":root { --fg: #333 } p { color: var(--fg, black) }")).toBe(
      ".lv-publisher { --lv-book-fg: #333 }\n.lv-publisher p { color: var(--lv-book-fg, black) }",
    );
  });
});

describe("url()", () => {
  it.each([
    ["background", "url(img/bg.png) no-repeat"],
    ["background-image", "url('img/bg.png')"],
    ["list-style", 'square url("img/bg.png")'],
    ["list-style-image", "url(img/bg.png)"],
    ["border-image", "url(img/bg.png) 30 round"],
    ["border-image-source", "url(img/bg.png)"],
    ["mask-image", "url(img/bg.png)"],
    ["-webkit-mask", "url(img/bg.png)"],
    ["shape-outside", "url(img/bg.png)"],
  ])("resolves the url of %s as an image", async (property, value) => {
    const out = await declarations(`${property}: ${value}`);
    expect(out).toContain('url("lv-media:images/img/bg.png")');
    expect(out.startsWith(`${property}: `)).toBe(true);
    expect(resolveUrl).toHaveBeenCalledWith("img/bg.png", "image");
  });

  it("drops the declaration when the resolver refuses a url (a remote server, a data: URL)", async () => {
    expect(await declarations("background: url(http://evil.example/track.png); color: red")).toBe(
      "color: red",
    );
    expect(resolveUrl).toHaveBeenCalledWith("http://evil.example/track.png", "image");
    expect(await declarations("background-image: url(data:image/png;base64,AAAA); color: red")).toBe(
      "color: red",
    );
    expect(resolveUrl).toHaveBeenCalledWith("data:image/png;base64,AAAA", "image");
  });

  it("resolves every url of a declaration and drops it when one is refused", async () => {
    expect(await declarations("background: url(a.png), url(b.png)")).toBe(
      'background: url("lv-media:images/a.png"), url("lv-media:images/b.png")',
    );
    expect(await declarations("background: url(a.png), url(//evil/b.png); color: red")).toBe("color: red");
  });

  it.each([
    "content: url(x.png)",
    'content: "a" url(x.png)',
    "filter: url(http://evil/f.svg#x)",
    "--image: url(x.png)",
    "cursor: url(x.cur), auto",
    "background: image-set(url(x.png) 1x)",
    "background: -webkit-image-set(url(x.png) 1x)",
    'background-image: image-set("x.png" 1x)',
    'background-image: src("x.png")',
    "background: u\\72 l(http://evil/x.png)",
    "background: x=url(http://evil/x.png)",
    'background-image: -webkit-cross-fade("a.png", "b.png", 50%)',
  ])("drops %s without asking the resolver", async (body) => {
    expect(await declarations(`${body}; color: red`)).toBe("color: red");
    expect(resolveUrl).not.toHaveBeenCalled();
  });

  it("hands the resolver the url as written, unquoted and unescaped, and quotes its answer", async () => {
    const quoting = vi.fn(async () => 'lv-media:images/a "b" </style>.png');
    await expect(clean('p { background: url( "img/a\\ b.png" ) }', { resolveUrl: quoting })).resolves.toBe(
      '.lv-publisher p { background: url("lv-media:images/a \\"b\\" \\3c /style>.png") }',
    );
    expect(quoting).toHaveBeenCalledWith("img/a b.png", "image");
  });
});

describe("output inside a <style> element", () => {
  it("escapes < in strings", async () => {
    expect(await declarations('content: "</style><script>alert(1)</script>"')).toBe(
      'content: "\\3c /style>\\3c script>alert(1)\\3c /script>"',
    );
    expect(await declarations('content: "a\\<!--b"')).toBe('content: "a\\3c !--b"');
  });

  it("drops a declaration with < or an at-keyword outside a string", async () => {
    expect(await declarations("--x: </style><script>alert(1)</script>; color: red")).toBe("color: red");
    expect(await declarations("font-family: <!--x; color: red")).toBe("color: red");
    expect(await declarations('--x: @import "evil.css"; color: red')).toBe("color: red");
  });

  const hostile = fc.constantFrom(
    "</style>",
    "<!--",
    "-->",
    "<script>",
    '"',
    "'",
    "\\",
    "{",
    "}",
    ";",
    ":",
    "@import ",
    "url(",
    ")",
    "http://evil/x",
    "body",
    "p",
    " ",
    "\n",
    "/*",
    "*/",
    "content:",
    "@media ",
    "[",
    "]",
    "=",
    "<",
    "!",
    "/",
    "image-set(",
    "expression(",
  );

  it("never lets an end tag, a comment opener, an @import or an unresolved url through", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostile, { maxLength: 30 }), async (parts) => {
        const out = await sanitizePublisherCss(parts.join(""), {
          ...OPTIONS,
          resolveUrl: async () => null,
          readImport: async () => ({
            css: parts.join(""),
            resolveUrl: async () => null,
            readImport: async () => null,
          }),
        });
        expect(out).not.toMatch(/<\/|<!--|@import|url\(/i);
      }),
      { numRuns: 400 },
    );
  });
});

describe("the book's root", () => {
  it("loses box geometry, position, display, writing mode, background and text size, and keeps the rest", async () => {
    const css = `body {
      margin: 0 5%; padding-left: 1em; width: 30em; height: 100%; min-height: 0; max-width: 40em;
      position: relative; top: 0; right: 0; bottom: 0; left: 0; overflow: hidden; overflow-x: auto;
      float: left; display: flex; transform: scale(2); writing-mode: vertical-rl; -epub-writing-mode: vertical-rl;
      background: url(bg.png); background-color: black;
      font-family: serif; font-size: 12pt; color: #222; text-align: justify; hyphens: auto;
      line-height: 1.4; letter-spacing: 0.01em }`;
    expect(await clean(css)).toBe(
      // The text size is the reader's: the book's sizes elsewhere are relative to it.
      ".lv-publisher { font-family: serif; color: #222; text-align: justify; hyphens: auto; line-height: 1.4; letter-spacing: 0.01em }",
    );
    expect(resolveUrl).not.toHaveBeenCalled();
  });

  it("splits a mixed list so that the other selectors keep what the root loses", async () => {
    expect(await clean("body, p.x, html { margin: 0; color: red }")).toBe(
      ".lv-publisher { color: red }\n.lv-publisher p.pub-x { margin: 0; color: red }",
    );
  });

  it("counts as the root only when the selector ends there", async () => {
    expect(await clean("html body > p { margin: 0 } body::before { margin: 0 }")).toBe(
      ".lv-publisher > p { margin: 0 }\n.lv-publisher::before { margin: 0 }",
    );
  });
});

describe("font sizes", () => {
  it.each([
    ["12pt", "1em"],
    ["24px", "1.5em"],
    ["0.75rem", "0.75em"],
    ["1pc", "1em"],
    ["0.5in", "3em"],
    ["1cm", "2.3622em"],
    ["10mm", "2.3622em"],
    ["40q", "2.3622em"],
    ["14PX", "0.875em"],
    ["7px", "0.4375em"],
    ["13px", "0.8125em"],
    ["11pt", "0.9167em"],
    ["80%", "80%"],
    ["1.2em", "1.2em"],
    ["larger", "larger"],
    ["x-small", "x-small"],
    ["calc(12px + 1vw)", "calc(0.75em + 1vw)"],
  ])("font-size: %s → %s", async (size, expected) => {
    expect(await declarations(`font-size: ${size}`)).toBe(`font-size: ${expected}`);
  });

  it.each([
    ["italic bold 12pt/1.5 Georgia, serif", "italic bold 1em/1.5 Georgia, serif"],
    ["18px Book Serif", '1.125em "lv-book-Book Serif"'],
    ['small-caps 0.75rem/20px "caps", sans-serif', 'small-caps 0.75em/20px "lv-book-caps", sans-serif'],
    ["bold 120% Caps", 'bold 120% "lv-book-Caps"'],
    ["caption", "caption"],
  ])("font: %s → %s", async (value, expected) => {
    expect(await declarations(`font: ${value}`)).toBe(`font: ${expected}`);
  });
});

describe("fonts", () => {
  it("keeps @font-face with its family renamed, its url sources resolved as fonts and local() dropped", async () => {
    const css = `@font-face {
      font-family: "Book Serif";
      src: local("Book Serif"), url(fonts/BookSerif.woff2) format("woff2") tech(variations),
        url("https://fonts.example/b.woff") format("woff"), url(fonts/BookSerif.ttf);
      font-weight: 400 700; font-style: italic; font-display: swap; unicode-range: U+0000-00FF;
      size-adjust: 105%; font-named-instance: "Bold"; color: red;
    }`;
    expect(await clean(css)).toBe(
      '@font-face { font-family: "lv-book-Book Serif"; ' +
        'src: url("lv-media:fonts/fonts/BookSerif.woff2") format("woff2") tech(variations), url("lv-media:fonts/fonts/BookSerif.ttf"); ' +
        "font-weight: 400 700; font-style: italic; font-display: swap; unicode-range: U+0000-00FF; size-adjust: 105% }",
    );
    expect(resolveUrl.mock.calls).toEqual([
      ["fonts/BookSerif.woff2", "font"],
      ["https://fonts.example/b.woff", "font"],
      ["fonts/BookSerif.ttf", "font"],
    ]);
  });

  it.each([
    ["only local() sources", '@font-face { font-family: A; src: local("A"), local(A-Bold) }'],
    ["only refused sources", "@font-face { font-family: A; src: url(http://evil/a.woff) }"],
    ["no src", "@font-face { font-family: A; font-weight: bold }"],
    ["no family", "@font-face { src: url(a.woff) }"],
  ])("drops an @font-face with %s", async (_case, css) => {
    expect(await clean(css)).toBe("");
  });

  it("does not copy a font whose @font-face has no family", async () => {
    await clean("@font-face { src: url(a.woff) }");
    expect(resolveUrl).not.toHaveBeenCalled();
  });

  it("renames the book's families in font-family, matching case-insensitively, and leaves the others", async () => {
    expect(await declarations('font-family: "book serif", Caps, Georgia, "Times New Roman", serif')).toBe(
      'font-family: "lv-book-book serif", "lv-book-Caps", Georgia, "Times New Roman", serif',
    );
  });

  it("never renames a generic family written as a keyword", async () => {
    const bookFamilies = new Set(["serif", "Sans-Serif"]);
    expect(await declarations('font-family: serif, "serif", sans-serif', { bookFamilies })).toBe(
      'font-family: serif, "lv-book-serif", sans-serif',
    );
  });

  it("names a book family the same way everywhere", () => {
    expect(bookFamilyName("Book Serif")).toBe("lv-book-Book Serif");
  });
});

describe("fontFaceFamilies", () => {
  it("lists the families declared by @font-face rules, unquoted, once each", () => {
    const css = `@font-face { font-family: "Book Serif"; src: url(a.woff) }
      @font-face { font-family: 'book serif'; font-weight: bold; src: url(b.woff) }
      @media screen { @font-face { font-family: Caps  Two; src: url(c.woff) } }
      @font-face { font-family: "Esc\\61 ped"; src: url(d.woff) }
      p { font-family: Other }`;
    expect(fontFaceFamilies(css)).toEqual(["Book Serif", "Caps Two", "Escaped"]);
  });

  it("returns nothing for CSS that does not parse", () => {
    expect(fontFaceFamilies("@font-face { font-family: A")).toEqual([]);
  });
});

describe("sanitizeStyleAttribute", () => {
  const families = { bookFamilies: new Set(["Caps"]) };

  it("cleans declarations with the same rules", () => {
    expect(
      sanitizeStyleAttribute(
        "color: red !important; position: fixed; z-index: 100; font: bold 18px caps, serif; cursor: pointer; margin: 0",
        families,
      ),
    ).toBe('color: red; font: bold 1.125em "lv-book-caps", serif; margin: 0');
  });

  it("drops every declaration with a url(), since no resolver is at hand", () => {
    expect(
      sanitizeStyleAttribute("background: url(a.png); list-style-image: url(b.png); color: red", families),
    ).toBe("color: red");
  });

  it('returns "" when nothing is left or the text does not parse', () => {
    expect(sanitizeStyleAttribute("position: fixed; cursor: pointer", families)).toBe("");
    expect(sanitizeStyleAttribute("color: red; } p { color: blue", families)).toBe("");
    expect(sanitizeStyleAttribute("", families)).toBe("");
  });

  it("escapes < in strings and drops it elsewhere", () => {
    expect(sanitizeStyleAttribute('content: "</style>"; --x: </style>', families)).toBe(
      'content: "\\3c /style>"',
    );
  });
});

describe("drawings", () => {
  it("lets a drawing's paint and clip name its own parts, never a file", async () => {
    const ownParts = vi.fn<PublisherCssOptions["resolveUrl"]>(async (url) =>
      url.startsWith("#") ? `#book-${url.slice(1)}` : null,
    );
    expect(
      await declarations("fill: url(#star); stroke: url('#edge'); clip-path: url(#c)", {
        resolveUrl: ownParts,
      }),
    ).toBe('fill: url("#book-star"); stroke: url("#book-edge"); clip-path: url("#book-c")');
    expect(await declarations("fill: url(pattern.svg#star); color: red", { resolveUrl: ownParts })).toBe(
      "color: red",
    );
    expect(
      await declarations("color: url(#x); filter: url(https://evil.example/f.svg#f)", {
        resolveUrl: ownParts,
      }),
    ).toBe("");
  });
});

describe("EPUB's prefixed properties", () => {
  it("become the properties browsers know", async () => {
    expect(
      await declarations(
        "-epub-hyphens: auto; -epub-line-break: strict; -epub-text-align-last: end; -epub-text-emphasis-position: under; -epub-text-combine: horizontal; -epub-text-underline-position: under",
      ),
    ).toBe(
      "hyphens: auto; line-break: strict; text-align-last: end; text-emphasis-position: under; text-combine-upright: all; text-underline-position: under",
    );
  });
});
