// Messages between readers.
import type { FriendState, PersonSummary } from "./people.ts";

export const MESSAGE_MAX_LENGTH = 4000;

/**
 * A conversation between people who are not friends is a request until the recipient accepts it;
 * a declined one stays quiet for the recipient (no notice, not listed) unless they write back.
 */
export const CONVERSATION_STATUSES = ["request", "active", "declined"] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** An image sent in a message, re-encoded by the server. */
export interface MessageAttachment {
  /** The media key of the image's folder; its sizes are inside. */
  key: string;
  width: number;
  height: number;
}

/** Largest image a message may carry, before re-encoding. */
export const MESSAGE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Messages a person may send into a request before the other accepts it. */
export const MAX_UNANSWERED_REQUEST_MESSAGES = 5;

/** A typing indicator lasts this long unless renewed; the composer renews it every few seconds. */
export const TYPING_TTL_MS = 6_000;

export interface ConversationSummary {
  _id: string;
  partner: PersonSummary;
  status: ConversationStatus;
  /** The other asked to talk: the viewer accepts or declines before replying. */
  isRequestToMe: boolean;
  lastMessage: { body: string; hasImage: boolean; fromMe: boolean; createdAt: string } | null;
  unreadCount: number;
}

export interface Inbox {
  chats: ConversationSummary[];
  /** Requests waiting for the viewer's answer. */
  requests: ConversationSummary[];
}

export interface ConversationView {
  /** Null until the first message. */
  _id: string | null;
  partner: PersonSummary;
  friendState: FriendState;
  status: ConversationStatus | null;
  isRequestToMe: boolean;
  /** Why the viewer cannot send now, or null when they can. */
  cannotSendBecause: string | null;
  /** The other is typing until then. */
  partnerTypingUntil: string | null;
}

export interface ChatMessage {
  _id: string;
  body: string;
  fromMe: boolean;
  createdAt: string;
  /** When the recipient read it. */
  readAt: string | null;
  image: { url: string; width: number; height: number } | null;
}

export interface MessagePage {
  /** Newest first. */
  items: ChatMessage[];
  nextCursor: string | null;
}
