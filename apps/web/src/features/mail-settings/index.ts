// What the mail-settings feature offers the other features; everything else in this folder is its own.
export { EmailSettings } from "./email-settings.tsx";
