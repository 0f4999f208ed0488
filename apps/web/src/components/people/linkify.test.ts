import { describe, expect, it } from "vitest";
import { splitLinks } from "./linkify.tsx";

describe("splitLinks", () => {
  it("makes web addresses links and leaves the rest as text", () => {
    expect(splitLinks("See https://example.com/a?b=1, then reply.")).toEqual([
      { text: "See " },
      { text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { text: ", then reply." },
    ]);
  });

  it("never makes a link of other schemes or of markup", () => {
    expect(splitLinks("javascript:alert(1) <a href=x>y</a> data:text/html,hi")).toEqual([
      { text: "javascript:alert(1) <a href=x>y</a> data:text/html,hi" },
    ]);
    expect(splitLinks('http://x.test/"onmouseover=alert(1)')).toEqual([
      { text: "http://x.test/", href: "http://x.test/" },
      { text: '"onmouseover=alert(1)' },
    ]);
  });
});
