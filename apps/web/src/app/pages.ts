// Every page of the app that a later feature fills in: its path, title and what it will hold.
// Until then each shows its title in the app's frame and says it is not available yet.

export type PageAccess = "signed-in" | "admin" | "superadmin";

export interface PlannedPage {
  path: string;
  title: string;
  /** One line on what the page is for. */
  purpose: string;
  access?: PageAccess;
}

const admin = (path: string, title: string, purpose: string, access: PageAccess = "admin"): PlannedPage => ({
  path: `/admin/${path}`,
  title,
  purpose,
  access,
});

export const PLANNED_PAGES: PlannedPage[] = [
  admin("newsletter", "Newsletter", "Write and send the newsletter."),
];
