// What the messages module offers the other modules; everything else in this folder is its own.
export { viewConversation } from "./conversation-state.service.ts";
export { sendMessage } from "./message-sending.service.ts";
