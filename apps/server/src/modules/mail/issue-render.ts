// A newsletter issue as mail. It is laid out once per issue, with a marker where each recipient's
// signed token goes (links that count clicks, the open pixel, unsubscribe), and each message is that
// layout with the marker replaced: laying out 100,000 messages one by one would cost minutes.
import type { NewsletterBlock } from "@litverse/shared/mail";
import type { Executor } from "../../core/db/client.ts";
import { summariesOf } from "../content/index.ts";
import { type MailBlock, type MailLayout, renderLayout } from "./layout.ts";

/** Stands for a recipient's token in an issue's layout: nothing people write can contain it. */
export const RECIPIENT_TOKEN = "__LV_RECIPIENT_TOKEN__";

export interface IssueContent {
  subject: string;
  preheader: string;
  blocks: NewsletterBlock[];
}

export interface IssueTemplate {
  subject: string;
  /** With RECIPIENT_TOKEN where each recipient's token goes. */
  html: string;
  text: string;
  /** The addresses of the links counted, in order: a click names its link by this place. */
  links: string[];
}

export const NEWSLETTER_REASON =
  "You get the Litverse newsletter because you asked for it and confirmed your address.";

/** Where a stored picture of an issue is served (public: mail clients fetch it). */
export const pictureUrl = (publicUrl: string, key: string) => `${publicUrl}/media/${key}`;

/** A link as written: a page of the app ("/explore") leads to it at the platform's address. */
const absolute = (publicUrl: string, url: string) => (url.startsWith("/") ? `${publicUrl}${url}` : url);

/** A cover as a JPEG mail clients show; covers that are not our stored images are left out. */
function coverForMail(publicUrl: string, cover: string | null): string | null {
  if (!cover?.startsWith("/media/")) return null;
  return `${publicUrl}${cover}?w=240&f=jpeg`;
}

async function mailBlocks(db: Executor, publicUrl: string, blocks: NewsletterBlock[]): Promise<MailBlock[]> {
  const titleIds = blocks.flatMap((block) => (block.type === "title" ? [block.titleId] : []));
  const titles = new Map((await summariesOf(db, titleIds)).map((title) => [title._id, title]));
  const laidOut: MailBlock[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case "heading":
      case "text":
        laidOut.push(block);
        break;
      case "button":
        laidOut.push({ type: "button", label: block.label, url: absolute(publicUrl, block.url) });
        break;
      case "picture":
        // A picture not stored yet (a draft's upload) has nothing to show.
        if (!block.pictureKey.startsWith("upload:")) {
          laidOut.push({
            type: "picture",
            src: pictureUrl(publicUrl, block.pictureKey),
            alt: block.alt,
            url: block.link,
          });
        }
        break;
      case "title": {
        const title = titles.get(block.titleId);
        if (!title) break;
        const description =
          title.description.length > 180
            ? `${title.description.slice(0, 177).trimEnd()}…`
            : title.description;
        laidOut.push({
          type: "card",
          imageUrl: coverForMail(publicUrl, title.coverImage),
          title: title.title,
          body: [title.author, description].filter(Boolean).join(" — "),
          url: `${publicUrl}/content/${title._id}`,
        });
        break;
      }
    }
  }
  return laidOut;
}

/**
 * Lays an issue out. With `tracked`, links lead through the click counter and an open pixel is
 * added (the real send); without, links lead straight to their address (previews and tests).
 */
export async function issueTemplate(
  db: Executor,
  publicUrl: string,
  issue: IssueContent,
  options: { tracked: boolean },
): Promise<IssueTemplate> {
  const links: string[] = [];
  const linkFor = (url: string) => {
    if (!options.tracked) return url;
    let place = links.indexOf(url);
    if (place < 0) place = links.push(url) - 1;
    return `${publicUrl}/mail/c/${RECIPIENT_TOKEN}/${place}`;
  };
  const layout: MailLayout = {
    subject: issue.subject,
    preheader: issue.preheader,
    blocks: await mailBlocks(db, publicUrl, issue.blocks),
    homeUrl: publicUrl,
    footer: {
      reason: NEWSLETTER_REASON,
      settingsUrl: `${publicUrl}/settings/profile#email`,
      unsubscribeUrl: `${publicUrl}/mail/unsubscribe/${RECIPIENT_TOKEN}`,
    },
    linkFor,
    ...(options.tracked ? { tail: openPixel(publicUrl, RECIPIENT_TOKEN) } : {}),
  };
  const { html, text } = await renderLayout(layout);
  return { subject: issue.subject, html, text, links };
}

/** The picture whose loading counts a message opened. */
export function openPixel(publicUrl: string, token: string): string {
  return `<img src="${publicUrl}/mail/o/${token}.gif" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0;" />`;
}

/** One recipient's message from the issue's layout. */
export function personalize(template: IssueTemplate, token: string): { html: string; text: string } {
  return {
    html: template.html.replaceAll(RECIPIENT_TOKEN, token),
    text: template.text.replaceAll(RECIPIENT_TOKEN, token),
  };
}
