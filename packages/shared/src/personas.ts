// Community personas: accounts the Litverse team runs in the open (a club host, a reading guide).
// Nobody signs in as one; team members with the support permission write as it, and everything it
// shows others carries the team's label, so that no reader takes it for another reader.
import type { ChatMessage, ConversationView, Inbox } from "./messages.ts";
import type { PersonSummary } from "./people.ts";

/** How a persona is labelled wherever it appears: profile, posts, comments, messages. */
export const TEAM_PERSONA_LABEL = "Litverse team";
/** The longer line on a persona's profile and at the top of a conversation with it. */
export const TEAM_PERSONA_NOTICE =
  "This account is run by the Litverse team. Team members answer its messages.";

/** A persona as the team's list shows it. */
export interface TeamPersona {
  person: PersonSummary;
  bio: string;
  favouriteGenres: string[];
  createdAt: string;
  /** Conversations with readers, and messages from them not yet read by the team. */
  conversationCount: number;
  unreadCount: number;
  /** When a reader last wrote to it, or null. */
  lastMessageAt: string | null;
}

/** A message in a persona's inbox: the persona's own ones name the team member who wrote them. */
export interface PersonaChatMessage extends ChatMessage {
  /** The team member who sent it as the persona (from the audit trail), or null. */
  answeredBy: { _id: string; name: string } | null;
}

export interface PersonaInbox extends Inbox {
  persona: PersonSummary;
}

export interface PersonaConversation extends ConversationView {
  persona: PersonSummary;
}

export interface PersonaMessagePage {
  /** Newest first. */
  items: PersonaChatMessage[];
  nextCursor: string | null;
}

/** A club a persona may post in: public ones, and those it already belongs to. */
export interface PersonaClubChoice {
  _id: string;
  name: string;
  isMember: boolean;
}
