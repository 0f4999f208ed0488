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

/** None at the moment: every page the menu leads to is built. */
export const PLANNED_PAGES: PlannedPage[] = [];
