import { access, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipPublication } from "./epub-conformance/suite.test-support.ts";
import { resolveHref } from "./epub-href.ts";
import { cssDeclaresVertical } from "./epub-writing-mode.ts";
import { readImport } from "./read-import.ts";
import {
  buildEpub,
  fixture,
  image,
  pngClaiming,
  REPO_ROOT,
  removeTempDirs,
  tempDir,
  upload,
  xhtml,
} from "./test-files.ts";
import type { ImportedTitle, ImportInput, ImportOptions } from "./types.ts";

afterAll(removeTempDirs);

async function importInto(inputs: ImportInput[], options: Partial<ImportOptions> = {}) {
  const stagingDir = await tempDir("lv-stage-");
  const title = await readImport(inputs, { stagingDir, ...options });
  return { title, stagingDir };
}

async function importEpub(epub: Buffer, options: Partial<ImportOptions> = {}) {
  const dir = await tempDir();
  return importInto([await upload(dir, "book.epub", epub)], options);
}

async function chapterHtml(stagingDir: string, title: ImportedTitle, index: number): Promise<string> {
  const episode = title.episodes[index];
  if (episode?.payload.kind !== "book") throw new Error(`no book episode ${index}`);
  return readFile(path.join(stagingDir, episode.dir, episode.payload.file), "utf8");
}

async function matterHtml(stagingDir: string, title: ImportedTitle, index: number): Promise<string> {
  const matter = title.matter?.[index];
  if (!matter) throw new Error(`no matter ${index}`);
  return readFile(path.join(stagingDir, matter.dir, matter.payload.file), "utf8");
}

const matterTitles = (title: ImportedTitle) =>
  (title.matter ?? []).map((matter) => `${matter.placement}: ${matter.title}`);

async function allChapters(stagingDir: string, title: ImportedTitle): Promise<string[]> {
  return Promise.all(title.episodes.map((_, index) => chapterHtml(stagingDir, title, index)));
}

function expectClean(html: string): void {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<style/i);
  for (const [, style] of html.matchAll(/\sstyle="([^"]*)"/gi)) expect(style).not.toMatch(/url\(|fixed/i);
  expect(html).not.toMatch(/\son\w+=/i);
  expect(html).not.toMatch(/<iframe|<object|<embed|<form|<foreignObject/i);
  expect(html).not.toMatch(/javascript:/i);
  for (const [, src] of html.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)) expect(src).toMatch(/^lv-media:images\//);
}

describe("EPUB fixtures", () => {
  let moby: { title: ImportedTitle; stagingDir: string };
  beforeAll(async () => {
    moby = await importInto([fixture("books/moby-dick.epub")]);
  });

  it("imports Moby-Dick: metadata, one episode per chapter from Loomings to the Epilogue, cover", async () => {
    const { title, stagingDir } = moby;
    expect(title).toMatchObject({
      contentType: "book",
      title: "Moby-Dick",
      author: "Herman Melville",
      language: "en-US",
      readingDirection: "ltr",
      writingMode: "horizontal",
      coverPath: "cover.jpg",
    });
    // Its landmarks say reading begins at chapter 1; the pages before are marked frontmatter.
    expect(title.episodes).toHaveLength(136);
    expect(title.episodes[0]?.title).toBe("Chapter 1. Loomings.");
    expect(title.episodes.at(-1)?.title).toBe("Epilogue");
    const cover = await sharp(path.join(stagingDir, "cover.jpg")).metadata();
    expect(cover.format).toBe("jpeg");
    for (const episode of title.episodes) {
      expect(episode.payload.kind).toBe("book");
      if (episode.payload.kind === "book") expect(episode.payload.wordCount).toBeGreaterThan(0);
    }
  });

  it("keeps the pages before chapter 1 as front matter and the copyright page after the Epilogue as back matter", async () => {
    const { title, stagingDir } = moby;
    expect(matterTitles(title)).toEqual([
      "front: Moby-Dick",
      "front: Brief Contents",
      "front: Original Transcriber’s Notes:",
      "front: ETYMOLOGY.",
      "front: EXTRACTS (Supplied by a Sub-Sub-Librarian).",
      "back: Copyright Page",
    ]);
    expect(title.matter?.map((matter) => matter.dir)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `matter/000${n}`),
    );
    for (const index of title.matter?.keys() ?? []) expectClean(await matterHtml(stagingDir, title, index));
  });

  it("stores clean chapter HTML whose images are copied into the episode or page of matter", async () => {
    const { title, stagingDir } = moby;
    const chapters = await allChapters(stagingDir, title);
    for (const html of chapters) expectClean(html);
    const titlePage = title.matter?.[0];
    expect(titlePage?.payload).toMatchObject({ images: ["images/moby-dick_fe_title_page.jpg"] });
    expect(await matterHtml(stagingDir, title, 0)).toContain(
      'src="lv-media:images/moby-dick_fe_title_page.jpg"',
    );
    await access(path.join(stagingDir, titlePage?.dir ?? "", "images/moby-dick_fe_title_page.jpg"));
  });

  it("rewrites links between chapters to episode links and keeps outside links safe", async () => {
    const { title, stagingDir } = moby;
    const chapters = await allChapters(stagingDir, title);
    // The brief contents, front matter, links into the episodes and on to the back matter.
    const contents = await matterHtml(stagingDir, title, 1);
    expect(contents).toContain('<a href="?episode=1">Begin Reading <i>Moby-Dick</i></a>');
    expect(contents).toContain('href="?matter=3"');
    expect(contents).toContain('href="?matter=6"');
    const copyright = await matterHtml(stagingDir, title, 5);
    expect(copyright).toContain(
      '<a href="http://www.gutenberg.org" rel="noopener noreferrer nofollow" target="_blank">',
    );
    for (const html of chapters) {
      for (const [, href] of html.matchAll(/<a[^>]*\shref="([^"]*)"/g)) {
        expect(href).toMatch(/^(#|\?(episode|matter)=\d+|https?:\/\/|mailto:)/);
      }
    }
  });

  it("imports Children's Literature: both authors, subjects as tags, the cover page left out", async () => {
    const { title, stagingDir } = await importInto([fixture("books/childrens-literature.epub")]);
    expect(title).toMatchObject({
      title: "Children's Literature",
      author: "Charles Madison Curry, Erle Elsworth Clippinger",
      language: "en",
      genres: [],
      tags: ["Children -- Books and reading", "Children's literature -- Study and teaching"],
      coverPath: "cover.png",
    });
    expect((await sharp(path.join(stagingDir, "cover.png")).metadata()).format).toBe("png");
    // The navigation document, placed in the spine, is front matter: the contents.
    expect(title.episodes.map((episode) => episode.title)).toEqual([
      "SECTION IV FAIRY STORIES—MODERN FANTASTIC TALES",
    ]);
    expect(matterTitles(title)).toEqual(["front: THE CONTENTS"]);
    const [body = ""] = await allChapters(stagingDir, title);
    const front = await matterHtml(stagingDir, title, 0);
    expect(front).toContain('href="?episode=1#pgepubid00503"');
    expect(body).toContain('id="pgepubid00503"');
    expectClean(front);
    expectClean(body);
  });

  it("imports The Waste Land: one document is one episode, its notes links stay in it", async () => {
    const { title, stagingDir } = await importInto([fixture("books/wasteland.epub")]);
    expect(title).toMatchObject({ title: "The Waste Land", author: "T.S. Eliot", coverPath: "cover.jpg" });
    expect(title.episodes).toHaveLength(1);
    expect(title.episodes[0]?.title).toBe("I. THE BURIAL OF THE DEAD");
    const html = await chapterHtml(stagingDir, title, 0);
    expect(html).toContain('href="#note-9"');
    expectClean(html);
  });
});

describe("generated EPUBs", () => {
  it("removes scripts, handlers, remote images, frames, styles and javascript: links", async () => {
    const { title, stagingDir } = await importEpub(
      await buildEpub({
        chapters: [
          {
            file: "ch1.xhtml",
            html: xhtml(
              `<h1 style="color:red">Evil</h1>
<script>alert("x")</script>
<p onclick="alert(1)" onmouseover="alert(2)">Click me</p>
<img src="http://evil/x.png" alt="tracker"/>
<img src="//evil/y.png"/>
<iframe src="https://evil/frame"></iframe>
<object data="x.swf"></object>
<a href="javascript:alert(document.cookie)">steal</a>
<a href="vbscript:x">old</a>
<p style="background:url(https://evil/bg.png)">styled</p>`,
              '<style>body{background:url(https://evil/css.png)}</style><script src="https://evil/x.js"></script>',
            ),
          },
        ],
      }),
    );
    const html = await chapterHtml(stagingDir, title, 0);
    expectClean(html);
    expect(html).not.toMatch(/evil/);
    expect(html).not.toContain("<img");
    expect(html).toContain("<p>Click me</p>");
    expect(html).toContain("<a>steal</a>");
    // The style attribute keeps what cannot reach out or cover the page.
    expect(html).toContain('<h1 style="color: red">Evil</h1>');
    expect(html).toContain("<p>styled</p>");
    expect(title.warnings).toContain("2 pictures loading from other websites were removed.");
  });

  it("never keeps an SVG picture: it is drawn to PNG, its script gone", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><script>alert(1)</script><rect width="40" height="30" fill="red" onload="alert(2)"/></svg>`;
    const { title, stagingDir } = await importEpub(
      await buildEpub({
        chapters: [{ file: "ch1.xhtml", html: xhtml('<p>Look:</p><img src="img/evil.svg" alt="drawing"/>') }],
        files: [{ name: "img/evil.svg", data: svg, mediaType: "image/svg+xml" }],
      }),
    );
    const episode = title.episodes[0];
    expect(episode?.payload).toMatchObject({ images: ["images/evil.png"] });
    const files = await readdir(path.join(stagingDir, episode?.dir ?? "", "images"));
    expect(files).toEqual(["evil.png"]);
    const png = await sharp(path.join(stagingDir, episode?.dir ?? "", "images/evil.png")).metadata();
    expect(png).toMatchObject({ format: "png", width: 40, height: 30 });
    expect(await chapterHtml(stagingDir, title, 0)).toContain(
      '<img src="lv-media:images/evil.png" alt="drawing">',
    );
  });

  it("reads right-to-left, vertical books from the spine and the stylesheet", async () => {
    const { title } = await importEpub(
      await buildEpub({
        title: "縦書きの本",
        language: "ja",
        spineAttributes: 'page-progression-direction="rtl"',
        chapters: [
          {
            file: "ch1.xhtml",
            html: xhtml(
              "<h1>第一章</h1><p>吾輩は猫である。</p>",
              '<link rel="stylesheet" type="text/css" href="style/book.css"/>',
            ),
          },
        ],
        files: [
          {
            name: "style/book.css",
            data: '/* vertical */ @charset "utf-8";\nhtml { -epub-writing-mode: vertical-rl; writing-mode: vertical-rl; }',
            mediaType: "text/css",
          },
        ],
      }),
    );
    expect(title).toMatchObject({
      title: "縦書きの本",
      language: "ja",
      readingDirection: "rtl",
      writingMode: "vertical",
    });
    expect(title.episodes[0]?.payload).toMatchObject({ wordCount: 10 });
  });

  it("finds vertical writing set through a class on body", async () => {
    const { title } = await importEpub(
      await buildEpub({
        chapters: [
          {
            file: "ch1.xhtml",
            html: xhtml("<p>縦</p>", "<style>.vrtl { -epub-writing-mode: vertical-rl; }</style>").replace(
              "<body>",
              '<body class="vrtl">',
            ),
          },
        ],
      }),
    );
    expect(title).toMatchObject({ readingDirection: "ltr", writingMode: "vertical" });
  });

  it("plans episodes from the table of contents", async () => {
    const cover = await image(60, 90, "jpeg");
    const { title, stagingDir } = await importEpub(
      await buildEpub({
        title: "Planned",
        creators: ["A. Writer", "B. Artist"],
        description: "<p>A <b>bold</b> tale &amp; more.</p>",
        subjects: ["Fantasy", "Dragons"],
        coverImage: { name: "images/cover.jpg", data: cover, mediaType: "image/jpeg" },
        chapters: [
          { file: "cover.xhtml", html: xhtml('<img src="images/cover.jpg" alt="Cover"/>') },
          { file: "dedication.xhtml", html: xhtml("<p>For my cat.</p>") },
          {
            file: "one.xhtml",
            html: xhtml('<h1 id="top">One</h1><p>First <a href="two.xhtml#n">on</a>.</p>'),
          },
          { file: "one-b.xhtml", html: xhtml('<p id="b">More of one. <a href="one.xhtml#top">Up</a></p>') },
          { file: "hidden.xhtml", html: xhtml("<p>Not in reading order.</p>"), linear: false },
          {
            file: "two.xhtml",
            html: xhtml('<h2>Heading Two</h2><p id="n">Second. <a href="one-b.xhtml">back</a></p>'),
          },
          { file: "three.xhtml", html: xhtml("<p>No heading here.</p>") },
        ],
        toc: [
          ["one.xhtml", "Chapter One"],
          ["one.xhtml#top", "Chapter One again"],
          ["two.xhtml", ""],
          ["three.xhtml", ""],
          ["hidden.xhtml", "Hidden"],
        ],
      }),
    );
    expect(title).toMatchObject({
      title: "Planned",
      author: "A. Writer, B. Artist",
      description: "A bold tale & more.",
      genres: ["Fantasy"],
      tags: ["Dragons"],
      coverPath: "cover.jpg",
    });
    // A short page without a heading ahead of the first chapter is front matter.
    expect(title.episodes.map((episode) => episode.title)).toEqual([
      "Chapter One",
      "Heading Two",
      "Chapter 3",
    ]);
    // A page outside the reading order is kept apart, reachable from the contents that name it.
    expect(matterTitles(title)).toEqual(["front: Front matter", "back: Hidden"]);
    expect(await matterHtml(stagingDir, title, 1)).toBe("<p>Not in reading order.</p>");
    const [one = "", two = ""] = await allChapters(stagingDir, title);
    expect(await matterHtml(stagingDir, title, 0)).toBe("<p>For my cat.</p>");
    expect(one).toContain('<a href="?episode=2#n">on</a>');
    expect(one).toContain('<div id="lv-part-2">');
    // A later document's ids are its own: two documents' `#n` never meet in one episode.
    expect(one).toContain('<p id="lv-part-2-b">');
    expect(one).toContain('<a href="#top">Up</a>');
    expect(one).not.toContain("Not in reading order");
    expect(two).toContain('<a href="?episode=1#lv-part-2">back</a>');
  });

  it("reads EPUB 2 books: NCX contents and the cover named in a meta element", async () => {
    const { title } = await importEpub(
      await buildEpub({
        ncx: true,
        coverImage: {
          name: "cover.gif",
          data: await sharp(await image(20, 30))
            .gif()
            .toBuffer(),
          mediaType: "image/gif",
          epub2: true,
        },
        chapters: [
          { file: "text.xhtml", html: xhtml('<h1 id="a">A</h1><p>aaa</p><h1 id="b">B</h1><p>bbb</p>') },
          { file: "end.xhtml", html: xhtml("<p>The end.</p>") },
        ],
        toc: [
          ["text.xhtml#a", "Part A"],
          ["text.xhtml#b", "Part B"],
          ["end.xhtml", "The End"],
        ],
      }),
    );
    expect(title.episodes.map((episode) => episode.title)).toEqual(["Part A", "The End"]);
    // GIF is not a cover format we keep: converted to JPEG.
    expect(title.coverPath).toBe("cover.jpg");
  });

  it("starts an EPUB 2 book where its guide says the text starts, its titled pages front and back matter", async () => {
    const { title, stagingDir } = await importEpub(
      await buildEpub({
        ncx: true,
        title: "Guided",
        chapters: [
          { file: "title.xhtml", html: xhtml("<h1>Guided</h1><p>A novel</p>") },
          { file: "copyright.xhtml", html: xhtml("<p>© 1900. All rights reserved.</p>") },
          { file: "prologue.xhtml", html: xhtml("<h1>Prologue</h1><p>It began at sea.</p>") },
          { file: "one.xhtml", html: xhtml('<h1>One</h1><p>Then <a href="notes.xhtml#n1">this</a>.</p>') },
          { file: "two.xhtml", html: xhtml("<h1>Two</h1><p>And that.</p>") },
          { file: "notes.xhtml", html: xhtml('<h1>Notes</h1><p id="n1">A note.</p>') },
        ],
        toc: [
          ["title.xhtml", "Title Page"],
          ["copyright.xhtml", "Copyright"],
          ["prologue.xhtml", "Prologue"],
          ["one.xhtml", "Chapter One"],
          ["two.xhtml", "Chapter Two"],
          ["notes.xhtml", "Notes"],
        ],
        guide: [
          ["title-page", "title.xhtml"],
          ["copyright-page", "copyright.xhtml"],
          ["text", "prologue.xhtml"],
          ["notes", "notes.xhtml"],
        ],
      }),
    );
    expect(title.episodes.map((episode) => episode.title)).toEqual([
      "Prologue",
      "Chapter One",
      "Chapter Two",
    ]);
    expect(matterTitles(title)).toEqual(["front: Title Page", "front: Copyright", "back: Notes"]);
    const [, one = ""] = await allChapters(stagingDir, title);
    expect(one).toContain('<a href="?matter=3#n1">this</a>');
  });

  it("keeps a foreword as an episode unless the book marks it front matter", async () => {
    const { title } = await importEpub(
      await buildEpub({
        chapters: [
          {
            file: "half.xhtml",
            html: xhtml('<section epub:type="frontmatter halftitlepage"><p>Tides</p></section>'),
          },
          {
            file: "dedication.xhtml",
            html: xhtml('<section epub:type="dedication"><p>For Ann.</p></section>'),
          },
          {
            file: "foreword.xhtml",
            html: xhtml('<section epub:type="foreword"><h1>Foreword</h1><p>Why.</p></section>'),
          },
          {
            file: "one.xhtml",
            html: xhtml('<section epub:type="bodymatter chapter"><h1>One</h1><p>a</p></section>'),
          },
          {
            file: "afterword.xhtml",
            html: xhtml('<section epub:type="afterword"><h1>Afterword</h1><p>b</p></section>'),
          },
          {
            file: "colophon.xhtml",
            html: xhtml('<section epub:type="backmatter colophon"><p>Set in Garamond.</p></section>'),
          },
        ],
        toc: [
          ["foreword.xhtml", "Foreword"],
          ["one.xhtml", "One"],
          ["afterword.xhtml", "Afterword"],
        ],
      }),
    );
    expect(title.episodes.map((episode) => episode.title)).toEqual(["Foreword", "One", "Afterword"]);
    expect(matterTitles(title)).toEqual(["front: Half title", "front: Dedication", "back: Colophon"]);
  });

  it("finds the first chapter of a book with no structure of its own from headings", async () => {
    const { title } = await importEpub(
      await buildEpub({
        title: "Plain",
        chapters: [
          { file: "a.xhtml", html: xhtml("<h1>Plain</h1><p>by A. Writer</p>") },
          { file: "b.xhtml", html: xhtml("<p>Published 2020.</p>") },
          { file: "c.xhtml", html: xhtml("<p><i>For everyone.</i></p>") },
          { file: "d.xhtml", html: xhtml(`<h1>The Road</h1><p>${"Words. ".repeat(50)}</p>`) },
          { file: "e.xhtml", html: xhtml("<p>It went on.</p>") },
          { file: "f.xhtml", html: xhtml("<h2>About the Author</h2><p>A. Writer lives by the sea.</p>") },
        ],
        toc: [],
      }),
    );
    expect(title.episodes.map((episode) => episode.title)).toEqual(["The Road", "Chapter 2"]);
    // Pages with nothing to tell them apart join the page of matter before them.
    expect(matterTitles(title)).toEqual(["front: Plain", "back: About the Author"]);
  });

  it("makes an episode per document, titled by heading or number, without a table of contents", async () => {
    const { title } = await importEpub(
      await buildEpub({
        chapters: [
          { file: "a.xhtml", html: xhtml("<h1>Alpha</h1><p>a</p>") },
          { file: "b.xhtml", html: xhtml("<p>b</p>") },
        ],
        toc: [],
      }),
    );
    expect(title.episodes.map((episode) => episode.title)).toEqual(["Alpha", "Chapter 2"]);
  });

  it("leaves out oversized, unreadable and missing pictures with a warning", async () => {
    const { title, stagingDir } = await importEpub(
      await buildEpub({
        chapters: [
          {
            file: "ch.xhtml",
            html: xhtml(
              '<img src="big.png"/><img src="broken.jpg"/><img src="gone.png"/><img src="ok.webp"/><p>text</p>',
            ),
          },
        ],
        files: [
          { name: "big.png", data: await pngClaiming(10_000, 10_000), mediaType: "image/png" },
          { name: "broken.jpg", data: "not a picture", mediaType: "image/jpeg" },
          { name: "ok.webp", data: await image(10, 10, "webp"), mediaType: "image/webp" },
        ],
      }),
    );
    expect(await chapterHtml(stagingDir, title, 0)).toBe('<img src="lv-media:images/ok.webp"><p>text</p>');
    expect(title.warnings).toEqual(
      expect.arrayContaining([
        "1 picture missing from the book was left out.",
        "1 picture that could not be read was left out.",
        "1 picture larger than 50 megapixels was left out.",
      ]),
    );
  });

  it("imports a fixed-layout EPUB of page pictures as a comic", async () => {
    const pages = await Promise.all([image(100, 150, "jpeg", "#111111"), image(100, 150, "png", "#222222")]);
    const epub = await buildEpub({
      title: "Picture Book",
      extraMetadata: '<meta property="rendition:layout">pre-paginated</meta>',
      spineAttributes: 'page-progression-direction="rtl"',
      chapters: [
        { file: "p1.xhtml", html: xhtml('<div><img src="img/p1.jpg" alt=""/></div>') },
        {
          file: "p2.xhtml",
          html: xhtml(
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 150"><image width="100" height="150" xlink:href="img/p2.png"/></svg><p>2</p>',
          ),
        },
      ],
      files: [
        { name: "img/p1.jpg", data: pages[0] ?? Buffer.alloc(0), mediaType: "image/jpeg" },
        { name: "img/p2.png", data: pages[1] ?? Buffer.alloc(0), mediaType: "image/png" },
      ],
    });
    const { title, stagingDir } = await importEpub(epub);
    expect(title).toMatchObject({
      contentType: "comic",
      title: "Picture Book",
      readingDirection: "rtl",
      coverPath: "cover.jpg",
    });
    expect(title.episodes[0]?.payload).toEqual({
      kind: "comic",
      pages: [
        { file: "pages/0001.jpg", width: 100, height: 150 },
        { file: "pages/0002.png", width: 100, height: 150 },
      ],
    });
    await access(path.join(stagingDir, "episodes/0001/pages/0002.png"));

    const asBook = await importEpub(epub, { type: "book" });
    expect(asBook.title.contentType).toBe("book");
  });

  it("keeps a fixed-layout book with text as pages of their declared size and side", async () => {
    const epub = await buildEpub({
      title: "Laid Out",
      extraMetadata: '<meta property="rendition:layout">pre-paginated</meta>',
      chapters: [
        {
          file: "p1.xhtml",
          html: xhtml(
            '<div class="title" style="position:absolute;left:10vw;top:100px">Big words</div>',
            '<meta name="viewport" content="width=1200, height=800"/><link rel="stylesheet" href="page.css"/>',
          ),
        },
        { file: "p2.xhtml", html: xhtml("<p>Second page</p>") },
      ],
      files: [{ name: "page.css", data: ".title { font-size: 48px; width: 50vw }", mediaType: "text/css" }],
      spineItemProperties: { "p2.xhtml": "page-spread-right" },
      toc: [["p1.xhtml", "Pages"]],
    });
    const { title, stagingDir } = await importEpub(epub);
    expect(title.contentType).toBe("book");
    const episode = title.episodes[0];
    expect(episode?.payload).toMatchObject({ kind: "book", layout: "fixed", styles: "styles.css" });
    const html = await chapterHtml(stagingDir, title, 0);
    expect(html).toContain('<section class="lv-fixed-page" data-width="1200" data-height="800">');
    expect(html).toContain(
      '<section class="lv-fixed-page" id="lv-part-2" data-width="1200" data-height="800" data-spread="right"><p>Second page</p></section>',
    );
    expect(html).toContain('style="position: absolute; left: 10vw; top: 100px"');
    const css = await readFile(path.join(stagingDir, episode?.dir ?? "", "styles.css"), "utf8");
    // The page's viewport is the page box: viewport units become container units.
    expect(css).toContain(".lv-publisher .pub-title { font-size: 3em; width: 50cqw }");
  });

  it("keeps the book's stylesheets and fonts, fonts deobfuscated, confined to the chapter", async () => {
    const font = await readFile(
      path.join(REPO_ROOT, "fixtures/epub-tests/cnt-css-fonts_woff2/EPUB/fonts/Macondo.woff2"),
    );
    const epub = await buildEpub({
      chapters: [
        {
          file: "ch1.xhtml",
          html: xhtml(
            '<h1 class="display">Title</h1><p>Text</p>',
            '<link rel="stylesheet" href="css/book.css"/><style>p { text-indent: 1em; position: fixed }</style>',
          ),
        },
      ],
      files: [
        {
          name: "css/book.css",
          data: '@font-face { font-family: "Display"; src: url(../fonts/display.woff2) format("woff2"), url(https://evil.example/x.woff2); } body { margin: 5em; color: #222 } .display { font-family: Display, serif; background: url(https://evil.example/track.png) }',
          mediaType: "text/css",
        },
        { name: "fonts/display.woff2", data: font, mediaType: "font/woff2" },
      ],
    });
    const { title, stagingDir } = await importEpub(epub);
    const dir = path.join(stagingDir, title.episodes[0]?.dir ?? "");
    const css = await readFile(path.join(dir, "styles.css"), "utf8");
    expect(css).toMatch(
      /@font-face \{ font-family: "lv-book-Display"; src: url\("lv-media:fonts\/[0-9a-f]{16}\.woff2"\) format\("woff2"\) \}/,
    );
    expect(css).toContain(".lv-publisher { color: #222 }");
    expect(css).toContain('.lv-publisher .pub-display { font-family: "lv-book-Display", serif }');
    expect(css).toContain(".lv-publisher p { text-indent: 1em }");
    expect(css).not.toMatch(/evil|fixed|margin/);
    const [fontFile = ""] = await readdir(path.join(dir, "fonts"));
    expect(await readFile(path.join(dir, "fonts", fontFile))).toEqual(font);
    expect(await chapterHtml(stagingDir, title, 0)).toContain('<h1 class="pub-display">Title</h1>');
  });

  it("keeps a book's recorded narration for read-along, phrase by phrase, its audio beside the chapter", async () => {
    const { title, stagingDir } = await importEpub(
      await zipPublication(path.join(REPO_ROOT, "fixtures/epub-tests/mol-audio")),
    );
    const narrated = title.episodes.find((episode) => "readAlong" in episode.payload);
    expect(narrated?.payload).toMatchObject({ kind: "book", readAlong: "read-along.json" });
    const dir = path.join(stagingDir, narrated?.dir ?? "");
    expect(JSON.parse(await readFile(path.join(dir, "read-along.json"), "utf8"))).toEqual({
      audio: ["audio/mobydick_1.mp3"],
      clips: [{ id: "first", audio: 0, begin: 29_268, end: 44_783 }],
      activeClass: "my-active-class",
    });
    await access(path.join(dir, "audio/mobydick_1.mp3"));
    expect(title.episodes.filter((episode) => "readAlong" in episode.payload)).toHaveLength(1);
  });

  it("keeps a chapter's sound, its file copied beside the chapter", async () => {
    const { title, stagingDir } = await importEpub(
      await zipPublication(path.join(REPO_ROOT, "fixtures/epub-tests/pub-cmt-mp3")),
    );
    const html = await chapterHtml(stagingDir, title, 0);
    expect(html).toMatch(/<audio controls="" src="lv-media:audio\/001\.mp3" preload="metadata">/);
    await access(path.join(stagingDir, title.episodes[0]?.dir ?? "", "audio/001.mp3"));
  });

  it("refuses to import a book with text as a comic", async () => {
    const epub = await buildEpub({ chapters: [{ file: "a.xhtml", html: xhtml("<p>Words</p>") }] });
    await expect(importEpub(epub, { type: "comic" })).rejects.toThrow(
      "These files cannot be imported as a comic: they are an EPUB book, which makes a book. Choose “book” or let Litverse detect the type.",
    );
  });
});

describe("EPUB helpers", () => {
  it("resolves hrefs inside the archive and refuses ones that leave it", () => {
    expect(resolveHref("OPS/text/ch1.xhtml", "../images/a%20b.png")).toEqual({
      path: "OPS/images/a b.png",
      fragment: "",
    });
    expect(resolveHref("OPS/ch1.xhtml", "ch2.xhtml#x")).toEqual({ path: "OPS/ch2.xhtml", fragment: "x" });
    expect(resolveHref("OPS/ch1.xhtml", "#x")).toEqual({ path: "OPS/ch1.xhtml", fragment: "x" });
    // Above the container's root is the root, as URLs resolve.
    expect(resolveHref("OPS/ch1.xhtml", "../../etc/passwd")).toEqual({ path: "etc/passwd", fragment: "" });
    expect(resolveHref("OPS/a/ch1.xhtml", "../../../../media/x.jpg")).toEqual({
      path: "media/x.jpg",
      fragment: "",
    });
    expect(resolveHref("OPS/ch1.xhtml", "https://example.org")).toEqual({ external: "https://example.org" });
  });

  it("detects vertical writing only on html, body, :root or their classes", () => {
    const none = new Set<string>();
    expect(cssDeclaresVertical("html{writing-mode:vertical-rl}", none)).toBe(true);
    expect(cssDeclaresVertical("@media screen { body.x { -epub-writing-mode: vertical-rl } }", none)).toBe(
      true,
    );
    expect(cssDeclaresVertical(":root { -webkit-writing-mode: vertical-rl }", none)).toBe(true);
    expect(cssDeclaresVertical("p.note { writing-mode: vertical-rl }", none)).toBe(false);
    expect(cssDeclaresVertical(".tate { writing-mode: vertical-rl }", new Set(["tate"]))).toBe(true);
    expect(cssDeclaresVertical("/* html { writing-mode: vertical-rl } */", none)).toBe(false);
    expect(cssDeclaresVertical("html { writing-mode: horizontal-tb }", none)).toBe(false);
  });
});
