// What the mail module offers the rest of the server; everything else in this folder is its own.
export { sendDueDigests } from "./digest.ts";
export { startDueIssues } from "./newsletter.service.ts";
export { mailModerationNotice, mailSupportReply } from "./person-mail.ts";
export { queueMail } from "./queue.ts";
export { MailSender } from "./sender.ts";
export { liftPersonSuppression, personEmailStatus } from "./suppression.ts";
export { type MailTransport, outboxTransport, smtpTransport } from "./transport.ts";
