// The accounts a demo start seeds, with their published password: the seed makes them, and the
// pages of a demo server (the landing page, the sign-in page, the "Demo" pill) show them. A
// production server has none of them and shows none of this.

export const DEMO_PASSWORD = "demo-password";

/** What a demo is, in the words every page that says so uses. */
export const DEMO_TITLE = "This is a demo of Litverse";
export const DEMO_SUMMARY =
  "The titles, readers and sales are sample data, and payments go through a sandbox that takes no money. Demo accounts sign in with the published password, so nothing here is private.";

export interface DemoAccount {
  email: string;
  /** What signing in as it shows, in a few words. */
  label: string;
}

export const DEMO_SIGN_INS: readonly DemoAccount[] = [
  { email: "reader@demo.test", label: "A reader with friends, coins and a club" },
  { email: "admin@demo.test", label: "An administrator: content, support, revenue" },
  { email: "superadmin@demo.test", label: "A superadmin: every console page" },
  { email: "newbie@demo.test", label: "A newcomer, asked their age first" },
];
