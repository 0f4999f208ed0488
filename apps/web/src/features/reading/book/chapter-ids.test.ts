import { describe, expect, it } from "vitest";
import { scopeChapterIds } from "./chapter-ids.ts";

// Node has no DOMParser: this is the server's way, the one the first page drawn there uses.
describe("scopeChapterIds without a DOM", () => {
  it("prefixes every element id and nothing else", () => {
    const chapter =
      '<h2 id="start">One</h2><p data-id="x" class="c">A &lt;b id="no"&gt; and id="no" in text</p>' +
      '<a href="#start" title="say &quot; id=&quot;no&quot;">back</a><img src="a.png" alt="" id="fig"/>';
    expect(scopeChapterIds(chapter)).toBe(
      '<h2 id="book-start">One</h2><p data-id="x" class="c">A &lt;b id="no"&gt; and id="no" in text</p>' +
        '<a href="#start" title="say &quot; id=&quot;no&quot;">back</a><img src="a.png" alt="" id="book-fig"/>',
    );
  });
});
