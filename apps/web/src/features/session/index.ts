// What the session feature offers the other features; everything else in this folder is its own.
export { AdminOnly } from "./admin-only.tsx";
export { SignInButton } from "./sign-in-button.tsx";
