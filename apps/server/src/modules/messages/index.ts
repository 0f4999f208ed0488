// What the messages module offers the other modules; everything else in this folder is its own.

export { getConversation, listMessages } from "./conversation.service.ts";
export { acceptMessageRequest, viewConversation } from "./conversation-state.service.ts";
export { listConversations } from "./inbox.service.ts";
export { messageReportTarget } from "./message-reports.service.ts";
export { sendMessage } from "./message-sending.service.ts";
export { teamWritersOf } from "./team-writers.ts";
