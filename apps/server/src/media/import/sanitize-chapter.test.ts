import { describe, expect, it } from "vitest";
import {
  ChapterDocument,
  type ChapterRewrites,
  countWords,
  plainText,
  sanitizeChapterHtml,
} from "./sanitize-chapter.ts";
import { xhtml } from "./test-files.ts";

const keepLinks: ChapterRewrites = {
  href: (href: string) => href,
  image: (src: string) => `lv-media:images/${src}`,
};

function render(body: string, rewrites = keepLinks, xml = true): string {
  return new ChapterDocument(xhtml(body), xml).render(rewrites);
}

describe("sanitizeChapterHtml", () => {
  it.each([
    ["<script>alert(1)</script><p>ok</p>", "<p>ok</p>"],
    ['<p onclick="alert(1)" onmouseover="x()">ok</p>', "<p>ok</p>"],
    [
      '<p style="color:red;position:fixed;background:url(https://evil/x.png)">ok</p>',
      '<p style="color: red">ok</p>',
    ],
    ["<style>p{}</style><p>ok</p>", "<p>ok</p>"],
    ['<iframe src="https://evil"></iframe><p>ok</p>', "<p>ok</p>"],
    ['<object data="x.swf"><p>inside</p></object><p>ok</p>', "<p>ok</p>"],
    ['<form action="https://evil"><input name="q"/><p>in</p></form><p>ok</p>', "<p>ok</p>"],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="data:text/html,<script>">x</a>', "<a>x</a>"],
    ['<a href="//evil.example/x">x</a>', "<a>x</a>"],
    ['<img src="http://evil/x.png"/>', ""],
    ['<img src="images/x.png"/>', ""],
    ['<img src="lv-media:images/x.png" onerror="alert(1)"/>', '<img src="lv-media:images/x.png">'],
    ["<svg><script>alert(1)</script><text>t</text></svg><p>ok</p>", "<svg><text>t</text></svg><p>ok</p>"],
    ["<math><mi>x</mi></math>", "<math><mi>x</mi></math>"],
    [
      '<p class="c  d" data-x="1" epub:type="chapter" id="p1" lang="fr" dir="rtl" title="t">ok</p>',
      '<p class="pub-c pub-d" id="p1" lang="fr" dir="rtl" title="t">ok</p>',
    ],
    [
      '<table><tr><td colspan="2" rowspan="3" width="9">x</td></tr></table>',
      '<table><tbody><tr><td colspan="2" rowspan="3" width="9">x</td></tr></tbody></table>',
    ],
    ['<meta http-equiv="refresh" content="0;url=https://evil"/><p>ok</p>', "<p>ok</p>"],
    ['<base href="https://evil/"/><p>ok</p>', "<p>ok</p>"],
  ])("cleans %s", (input, output) => {
    expect(sanitizeChapterHtml(input)).toBe(output);
  });

  it("marks outside links to open safely in a new tab, and strips rel/target from others", () => {
    expect(sanitizeChapterHtml('<a href="https://example.org/" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.org/" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitizeChapterHtml('<a href="mailto:a@b.c">x</a>')).toBe(
      '<a href="mailto:a@b.c" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitizeChapterHtml('<a href="?episode=3#x" target="_blank">x</a>')).toBe(
      '<a href="?episode=3#x">x</a>',
    );
  });
});

describe("ChapterDocument", () => {
  it("keeps the body's content only, with XHTML entities and self-closing tags read right", () => {
    const html = new ChapterDocument(
      '<?xml version="1.0"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title><link rel="stylesheet" href="s.css"/></head><body><p>A&nbsp;B &amp; C &eacute;</p><a id="x"/><p>after</p></body></html>',
      true,
    ).render(keepLinks);
    expect(html).toBe('<p>A&nbsp;B &amp; C é</p><a id="x"></a><p>after</p>');
  });

  it("passes links and images through the rewrites and drops what they refuse", () => {
    const html = render(
      '<p><a href="ch2.xhtml#n1">next</a> <a href="gone.xhtml">gone</a></p><img src="a.png" alt="A"/><img src="b.png"/>',
      {
        href: (href) => (href.startsWith("ch2") ? "?episode=2#n1" : null),
        image: (src) => (src === "a.png" ? "lv-media:images/a.png" : null),
      },
    );
    expect(html).toBe(
      '<p><a href="?episode=2#n1">next</a> <a>gone</a></p><img src="lv-media:images/a.png" alt="A">',
    );
  });

  it("turns an SVG-wrapped picture into an image and drops any other SVG", () => {
    const doc = new ChapterDocument(
      xhtml(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="cover.jpg"/></svg><svg><script>alert(1)</script></svg>',
      ),
      true,
    );
    expect(doc.imageSources()).toEqual(["cover.jpg"]);
    expect(doc.render(keepLinks)).toBe('<img src="lv-media:images/cover.jpg" alt="">');
  });

  it("turns xml:lang into lang and keeps dir", () => {
    expect(render('<p xml:lang="ar" dir="rtl">مرحبا</p>')).toBe('<p dir="rtl" lang="ar">مرحبا</p>');
  });

  it("reads text, the first heading, stylesheets and root classes", () => {
    const doc = new ChapterDocument(
      xhtml(
        "<h2>The  &amp; Title</h2><p>Words here.</p>",
        '<link rel="stylesheet" href="css/a.css"/><style>body{color:red}</style>',
        'class="vrtl" style="writing-mode: vertical-rl"',
      ),
      true,
    );
    expect(doc.firstHeading()).toBe("The & Title");
    expect(doc.text()).toMatch(/^The & Title ?Words here\.$/);
    expect(doc.linkedStyleSheets()).toEqual(["css/a.css"]);
    expect(doc.styleSheets()).toEqual({
      inline: ["body{color:red}"],
      rootStyles: ["writing-mode: vertical-rl"],
      rootClasses: ["vrtl"],
    });
  });

  it("parses text/html documents as HTML", () => {
    const html = new ChapterDocument(
      "<html><body><p>one<br>two</p><script>x</script></body></html>",
      false,
    ).render(keepLinks);
    expect(html).toBe("<p>one<br>two</p>");
  });
});

describe("drawings and formulas", () => {
  it("keeps MathML as MathML", () => {
    const html = render(
      '<p>Area: <math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi><mo>=</mo><msup><mi>a</mi><mn>2</mn></msup></math></p>',
    );
    expect(html).toBe(
      '<p>Area: <math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi><mo>=</mo><msup><mi>a</mi><mn>2</mn></msup></math></p>',
    );
  });

  it("keeps an inline drawing, its own references scoped to it, pictures from the episode's copies", () => {
    const html = render(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)" class="box"/><use href="#g"/><image xlink:href="p.png" width="5" height="5"/><text x="1" y="5">Hi</text></svg>',
    );
    expect(html).toContain('<rect width="10" height="10" fill="url(#g)" class="pub-box"></rect>');
    expect(html).toContain('<use xlink:href="#g"></use>');
    expect(html).toContain('<image xlink:href="lv-media:images/p.png" width="5" height="5"></image>');
    expect(html).toContain('<text x="1" y="5">Hi</text>');
  });

  it.each([
    ['<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', "<svg><a><text>x</text></a></svg>"],
    ['<svg><rect onload="alert(1)" onclick="x()"/></svg>', "<svg><rect></rect></svg>"],
    [
      '<svg><foreignObject><p>hidden html</p><iframe src="https://evil"/></foreignObject><rect/></svg>',
      "<svg><rect></rect></svg>",
    ],
    ['<svg><use href="https://evil.example/sprite.svg#x"/><rect/></svg>', "<svg><rect></rect></svg>"],
    [
      '<svg><use xlink:href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"/><rect/></svg>',
      "<svg><rect></rect></svg>",
    ],
    ['<svg><image href="https://evil.example/track.png"/><rect/></svg>', "<svg><rect></rect></svg>"],
    [
      '<svg><rect fill="url(https://evil.example/p.svg#g)" filter="url(#f)"/></svg>',
      '<svg><rect filter="url(#f)"></rect></svg>',
    ],
    [
      '<svg><animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onclick" to="alert(1)"/><rect/></svg>',
      "<svg><rect></rect></svg>",
    ],
    [
      '<svg><filter id="f"><feImage href="https://evil.example/x.png"/></filter><rect/></svg>',
      '<svg><filter id="f"></filter><rect></rect></svg>',
    ],
    ["<svg><style>@import url(https://evil.example/x.css);</style><rect/></svg>", "<svg><rect></rect></svg>"],
    ['<svg><script href="https://evil.example/x.js"/><rect/></svg>', "<svg><rect></rect></svg>"],
    [
      '<math><mtext><img src="https://evil.example/x" onerror="alert(1)"/></mtext></math>',
      "<math><mtext></mtext></math>",
    ],
    [
      '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)"><mi>x</mi></maction></math>',
      "<math><mi>x</mi></math>",
    ],
    [
      '<math><annotation-xml encoding="text/html"><script>alert(1)</script></annotation-xml></math>',
      "<math></math>",
    ],
  ])("cleans the drawing or formula %s", (input, output) => {
    const copiesOnly: ChapterRewrites = {
      href: (href) => href,
      image: (src) => (/^[a-z]+:/i.test(src) ? null : `lv-media:images/${src}`),
    };
    expect(render(input, copiesOnly)).toBe(output);
  });
});

describe("sound and video", () => {
  it("keep the episode's copies only, with controls, and never start by themselves", () => {
    const rewrites: ChapterRewrites = {
      ...keepLinks,
      media: (src) => (src.startsWith("aud/") ? `lv-media:audio/${src.slice(4)}` : null),
    };
    expect(
      render(
        '<audio src="aud/a.mp3" autoplay="autoplay" onplay="x()">No sound</audio><video src="https://evil.example/v.mp4" poster="https://evil.example/p.png"><source src="aud/b.mp4" type="video/mp4"/><source src="https://evil.example/c.mp4"/></video>',
        rewrites,
      ),
    ).toBe(
      '<audio src="lv-media:audio/a.mp3" controls="" preload="metadata">No sound</audio><video controls="" preload="metadata"><source type="video/mp4" src="lv-media:audio/b.mp4"></video>',
    );
  });
});

describe("text helpers", () => {
  it("counts words, CJK characters one each", () => {
    expect(countWords("<p>It's a well-known fact, 42 times.</p>")).toBe(6);
    expect(countWords("<p>吾輩は猫である</p>")).toBe(7);
  });

  it("makes plain text of markup", () => {
    expect(plainText("<p>One <b>two</b></p><script>alert(1)</script>\n three &amp; four")).toBe(
      "One two three & four",
    );
  });
});
