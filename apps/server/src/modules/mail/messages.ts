// What each kind of message says (all but the newsletter's, which its issue says).

import type { MailBlock } from "./layout.ts";
import type { MailNotice, MailParams } from "./queue.ts";

/** A message's words before layout: its subject, preview line, blocks and why it was sent. */
export interface MessageContent {
  subject: string;
  preheader: string;
  blocks: MailBlock[];
  reason: string;
}

export interface MessageContext {
  publicUrl: string;
  /** Made when the message is drawn (the newsletter's confirmation). */
  confirmUrl?: string;
}

type Composer<K extends keyof MailParams> = (
  params: MailParams[K],
  context: MessageContext,
) => MessageContent;

const hello = (name: string) => (name ? `Hi ${name},` : "Hi,");
const inApp = (context: MessageContext, link: string | null) =>
  link
    ? /^https?:\/\//.test(link)
      ? link
      : `${context.publicUrl}${link.startsWith("/") ? "" : "/"}${link}`
    : null;

const noticeCard = (notice: MailNotice, context: MessageContext): MailBlock => ({
  type: "card",
  imageUrl: null,
  title: notice.title,
  body: notice.body,
  url: inApp(context, notice.link),
});

export const COMPOSERS: { [K in Exclude<keyof MailParams, "newsletter" | "newsletter_test">]: Composer<K> } =
  {
    password_reset: (params) => ({
      subject: "Choose a new Litverse password",
      preheader: "The link works for an hour.",
      blocks: [
        { type: "heading", text: "Choose a new password" },
        {
          type: "text",
          text: `${hello(params.name)}\n\nSomeone, we hope you, asked to choose a new password for your Litverse account.`,
        },
        { type: "button", label: "Choose a new password", url: params.resetUrl },
        {
          type: "note",
          text: "The link works once, for an hour. If you did not ask, ignore this email: your password stays as it is.",
        },
      ],
      reason: "You get this email because a new password was asked for on Litverse for this address.",
    }),
    verify_email: (params) => ({
      subject: params.isChange ? "Confirm your new Litverse address" : "Confirm your email address",
      preheader: "One click, and Litverse can write to you.",
      blocks: [
        { type: "heading", text: params.isChange ? "Confirm your new address" : "Confirm your address" },
        {
          type: "text",
          text: params.isChange
            ? `${hello(params.name)}\n\nYou asked to move your Litverse account to this address. Confirm it, and it becomes the one you sign in with.`
            : `${hello(params.name)}\n\nWelcome to Litverse. Confirm that this address is yours, so that we can send you what you ask for and help you back in if you forget your password.`,
        },
        { type: "button", label: "Confirm my address", url: params.verifyUrl },
        { type: "note", text: "The link works for 7 days. If you did not ask for this, ignore this email." },
      ],
      reason: "You get this email because this address was given for a Litverse account.",
    }),
    email_changed: (params, context) => ({
      subject: "Your Litverse address was changed",
      preheader: `Your account now uses ${params.newAddress}.`,
      blocks: [
        { type: "heading", text: "Your address was changed" },
        {
          type: "text",
          text: `${hello(params.name)}\n\nYour Litverse account now uses ${params.newAddress}. Mail from us goes there from now on.`,
        },
        {
          type: "note",
          text: `If you did not do this, write to support at once: ${context.publicUrl}/support`,
        },
      ],
      reason: "You get this email because this was the address of a Litverse account.",
    }),
    newsletter_confirm: (params, context) => ({
      subject: "Confirm your Litverse newsletter",
      preheader: "One click and the newsletter is yours.",
      blocks: [
        { type: "heading", text: "One more step" },
        {
          type: "text",
          text: `${hello(params.name)}\n\nYou asked for the Litverse newsletter: new titles, what readers love, and news from the team. Confirm, and it starts with the next issue.`,
        },
        {
          type: "button",
          label: "Yes, send me the newsletter",
          url: context.confirmUrl ?? context.publicUrl,
        },
        {
          type: "note",
          text: "The link works for 7 days. If you did not ask for it, ignore this email: nothing will come.",
        },
      ],
      reason:
        "You get this email because the newsletter was asked for in the email settings of a Litverse account.",
    }),
    moderation: (params, context) => ({
      subject: params.notice.title,
      preheader: params.notice.body.slice(0, 120),
      blocks: [
        { type: "heading", text: params.notice.title },
        { type: "text", text: `${hello(params.name)}\n\n${params.notice.body}` },
        ...(params.notice.link
          ? [
              {
                type: "button" as const,
                label: "See the decision",
                url: inApp(context, params.notice.link) as string,
              },
            ]
          : []),
      ],
      reason:
        "You get moderation decisions and appeal outcomes by email. You can turn that off in your email settings.",
    }),
    support_reply: (params, context) => ({
      subject: `New reply: ${params.ticketSubject}`,
      preheader: params.excerpt.slice(0, 120),
      blocks: [
        { type: "heading", text: "Support answered" },
        {
          type: "text",
          text: `${hello(params.name)}\n\n${params.agent} replied to "${params.ticketSubject}":`,
        },
        { type: "note", text: params.excerpt },
        { type: "button", label: "Read and reply", url: inApp(context, params.link) as string },
      ],
      reason:
        "You get replies to your support tickets by email while you are away. You can turn that off in your email settings.",
    }),
    digest: (params, context) => {
      const count = params.notices.length + params.more;
      return {
        subject: `${count} new ${count === 1 ? "notification" : "notifications"} on Litverse`,
        preheader: params.notices
          .map((notice) => notice.title)
          .join(" · ")
          .slice(0, 140),
        blocks: [
          {
            type: "heading",
            text: params.frequency === "daily" ? "Your day on Litverse" : "Your week on Litverse",
          },
          { type: "text", text: `${hello(params.name)}\n\nHere is what you have not read yet.` },
          ...params.notices.map((notice) => noticeCard(notice, context)),
          ...(params.more > 0 ? [{ type: "note" as const, text: `And ${params.more} more.` }] : []),
          { type: "button", label: "Open your notifications", url: `${context.publicUrl}/notifications` },
        ],
        reason: `You get a ${params.frequency} digest of unread notifications. You can change that in your email settings.`,
      };
    },
  };
