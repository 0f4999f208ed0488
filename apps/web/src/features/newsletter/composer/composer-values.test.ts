import type { NewsletterIssue } from "@litverse/shared/mail";
import { describe, expect, it } from "vitest";
import {
  type BlockValue,
  type ComposerValues,
  checkedSegment,
  emptyValues,
  errorKeyOf,
  moveBlock,
  newBlock,
  previewInputOf,
  saveInputOf,
  segmentInputOf,
  testInputOf,
  valuesOfIssue,
  withSavedPictures,
} from "./composer-values.ts";

const TITLE_ID = "6f1c1a8e-3b0e-4c55-9a51-2d2b1f0a7c11";
const PLAN_ID = "0b6c3e2f-7f0a-4a0e-8d3c-5e9f1a2b3c4d";

function filled(): ComposerValues {
  const values = emptyValues();
  const [heading, text] = values.blocks;
  return {
    ...values,
    subject: "  Spring releases  ",
    preheader: "Three new series",
    blocks: [
      { ...(heading as BlockValue & { type: "heading" }), text: "New this month" },
      { ...(text as BlockValue & { type: "text" }), text: "A winter that never ends." },
    ],
  };
}

describe("the composer's values", () => {
  it("starts with an empty heading and text for everyone", () => {
    const values = emptyValues();
    expect(values.blocks.map((block) => block.type)).toEqual(["heading", "text"]);
    expect(values.segment.kind).toBe("everyone");
    expect(new Set(values.blocks.map((block) => block.key)).size).toBe(2);
  });

  it("saves a complete issue, trimmed, with its id when it has one", () => {
    const checked = saveInputOf(filled(), TITLE_ID);
    expect(checked).toMatchObject({
      ok: true,
      input: {
        issueId: TITLE_ID,
        subject: "Spring releases",
        blocks: [
          { type: "heading", text: "New this month" },
          { type: "text", text: "A winter that never ends." },
        ],
        segment: { kind: "everyone" },
      },
    });
    const created = saveInputOf(filled());
    expect(created.ok && "issueId" in created.input).toBe(false);
  });

  it("puts each mistake at its field: the subject, a block's field, the audience's field", () => {
    const values = filled();
    values.subject = "";
    values.blocks = [
      ...values.blocks,
      { ...newBlock("button"), label: "Read", url: "http://example.com" } as BlockValue,
    ];
    values.segment = { ...values.segment, kind: "inactive", days: "soon" };
    const checked = saveInputOf(values);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors).sort()).toEqual(["blocks.2.url", "segment.days", "subject"]);
    expect(checked.errors["blocks.2.url"]).toEqual([
      "Give a full https:// address or a page such as /explore",
    ]);
  });

  it("keeps a text's paragraphs and takes a page of the app as a link", () => {
    const values = filled();
    values.blocks = [
      { ...newBlock("text"), text: "First paragraph.\n\nSecond one." } as BlockValue,
      { ...newBlock("button"), label: "Explore", url: "/explore" } as BlockValue,
    ];
    expect(saveInputOf(values)).toMatchObject({
      ok: true,
      input: { blocks: [{ text: "First paragraph.\n\nSecond one." }, { url: "/explore" }] },
    });
  });

  it("asks for at least one block, and for the picture of a picture block", () => {
    const none = saveInputOf({ ...filled(), blocks: [] });
    expect(none.ok ? null : none.errors.blocks).toEqual(["Add at least one block"]);
    const picture = saveInputOf({ ...filled(), blocks: [newBlock("picture")] });
    expect(picture.ok ? null : picture.errors["blocks.0.pictureKey"]).toEqual(["Choose a picture"]);
  });

  it("tests the message without the audience", () => {
    const values = { ...filled(), segment: { ...filled().segment, kind: "plan" as const, planId: "" } };
    expect(saveInputOf(values).ok).toBe(false);
    expect(testInputOf(values)).toMatchObject({ ok: true, input: { subject: "Spring releases" } });
  });

  it("previews the blocks that are complete, with a stand-in subject", () => {
    const values = filled();
    values.subject = "";
    values.blocks = [...values.blocks, newBlock("button"), newBlock("title")];
    expect(previewInputOf(values)).toEqual({
      subject: "(No subject yet)",
      preheader: "Three new series",
      blocks: [
        { type: "heading", text: "New this month" },
        { type: "text", text: "A winter that never ends." },
      ],
    });
    expect(previewInputOf(emptyValues())).toBeNull();
  });

  it("reads an audience only once it is complete", () => {
    const segment = emptyValues().segment;
    expect(checkedSegment(segment)).toEqual({ kind: "everyone" });
    expect(checkedSegment({ ...segment, kind: "followers" })).toBeNull();
    expect(checkedSegment({ ...segment, kind: "followers", titleId: TITLE_ID })).toEqual({
      kind: "followers",
      titleId: TITLE_ID,
    });
    expect(checkedSegment({ ...segment, kind: "coins_below", coins: " 250 " })).toEqual({
      kind: "coins_below",
      coins: 250,
    });
    expect(checkedSegment({ ...segment, kind: "coins_below", coins: "2.5" })).toBeNull();
    expect(
      segmentInputOf({ ...segment, kind: "unlocked_not_next", titleId: TITLE_ID, episodeNumber: "3" }),
    ).toEqual({ kind: "unlocked_not_next", titleId: TITLE_ID, episodeNumber: 3 });
  });

  it("edits a saved issue as it was saved", () => {
    const issue = {
      _id: TITLE_ID,
      subject: "Hello",
      preheader: "",
      status: "draft",
      segment: { kind: "plan", planId: PLAN_ID },
      segmentLabel: "Subscribers to Premium",
      scheduledFor: null,
      startedAt: null,
      finishedAt: null,
      createdAt: "2026-03-01T10:00:00.000Z",
      updatedAt: "2026-03-01T10:00:00.000Z",
      recipients: 0,
      sent: 0,
      blocks: [
        { type: "picture", pictureKey: "newsletter-images/abc/cover.webp", alt: "A lighthouse", link: null },
        { type: "title", titleId: TITLE_ID },
      ],
      titles: [{ _id: TITLE_ID, name: "Moby-Dick", coverUrl: null, type: "book" }],
    } satisfies NewsletterIssue;
    const values = valuesOfIssue(issue);
    expect(values.segment).toMatchObject({ kind: "plan", planId: PLAN_ID });
    expect(values.blocks).toMatchObject([
      { type: "picture", link: "", localUrl: null },
      { type: "title", titleId: TITLE_ID, title: { name: "Moby-Dick" } },
    ]);
    expect(saveInputOf(values, issue._id)).toMatchObject({
      ok: true,
      input: { blocks: issue.blocks, segment: issue.segment },
    });
  });

  it("moves blocks within the list only", () => {
    const blocks = [newBlock("heading"), newBlock("text"), newBlock("button")];
    const keys = (list: BlockValue[]) => list.map((block) => block.type);
    expect(keys(moveBlock(blocks, 0, 1))).toEqual(["text", "heading", "button"]);
    expect(keys(moveBlock(blocks, 2, -1))).toEqual(["heading", "button", "text"]);
    expect(keys(moveBlock(blocks, 0, -1))).toEqual(["heading", "text", "button"]);
    expect(keys(moveBlock(blocks, 2, 1))).toEqual(["heading", "text", "button"]);
  });

  it("takes the stored picture keys of a save, unless the block changed meanwhile", () => {
    const picture = { ...newBlock("picture"), pictureKey: "upload:u1" } as BlockValue;
    const other = { ...newBlock("picture"), pictureKey: "upload:u2" } as BlockValue;
    const sent = [picture, other];
    const saved = [
      { type: "picture" as const, pictureKey: "newsletter-images/i/one.webp", alt: "", link: null },
      { type: "picture" as const, pictureKey: "newsletter-images/i/two.webp", alt: "", link: null },
    ];
    // The second picture was replaced while the save was on its way.
    const current = [picture, { ...other, pictureKey: "upload:u3" } as BlockValue];
    expect(
      withSavedPictures(current, sent, saved).map((block) => "pictureKey" in block && block.pictureKey),
    ).toEqual(["newsletter-images/i/one.webp", "upload:u3"]);
  });

  it("names where a message goes from its path", () => {
    expect(errorKeyOf([])).toBe("form");
    expect(errorKeyOf(["subject"])).toBe("subject");
    expect(errorKeyOf(["blocks", 3, "label"])).toBe("blocks.3.label");
    expect(errorKeyOf(["segment"])).toBe("segment.kind");
    expect(errorKeyOf(["segment", "genre"])).toBe("segment.genre");
  });
});
