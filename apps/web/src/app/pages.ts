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
  { path: "/ads/my-ads", title: "My Ads", purpose: "The ads you place on Litverse." },
  admin("newsletter", "Newsletter", "Write and send the newsletter."),
  admin("ads/platform-management", "Platform Ads", "Ads placed by Litverse."),
  admin("ads/settings", "Ad Settings", "Where and how often ads show."),
  admin("ads/user-ads", "User Ads", "Ads placed by readers, for review."),
];
