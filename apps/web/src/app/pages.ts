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
  { path: "/reels", title: "Reels", purpose: "Short reels from stories and readers." },
  { path: "/profile/reels", title: "My Reels", purpose: "The reels you have posted." },
  { path: "/ads/my-ads", title: "My Ads", purpose: "The ads you place on Litverse." },
  { path: "/badges", title: "Achievements", purpose: "The badges you have earned." },
  { path: "/rewards", title: "Rewards", purpose: "Daily rewards and bonus coins." },
  { path: "/leaderboard", title: "Leaderboard", purpose: "The most dedicated readers." },
  { path: "/support", title: "Support", purpose: "Ask for help and follow your tickets." },
  { path: "/support/:ticketId", title: "Support Ticket", purpose: "A support conversation." },
  {
    path: "/interactive-stories",
    title: "Interactive Stories",
    purpose: "Choose-your-own-adventure stories.",
  },
  { path: "/interactive-stories/:storyId", title: "Interactive Story", purpose: "A story and its paths." },
  { path: "/interactive-stories/:storyId/play", title: "Play Story", purpose: "Play an interactive story." },
  admin("dashboard", "Admin Dashboard", "The platform at a glance."),
  admin("admin-permissions", "Admin Permissions", "Who may do what in the admin area.", "superadmin"),
  admin("analytics", "Analytics", "Readers, reads and growth."),
  admin("reels/management", "Manage Reels", "Reels and their review."),
  admin("reels/analytics", "Reels Analytics", "How reels perform."),
  admin("newsletter", "Newsletter", "Write and send the newsletter."),
  admin("user-management", "User Management", "Accounts and roles.", "superadmin"),
  admin("tools", "Admin Tools", "Maintenance tools."),
  admin("fictitious-users", "Fictitious Users", "Demo personas for the community."),
  admin("fictitious-users/:userId/messages", "Persona Messages", "Messages of a demo persona."),
  admin("rewards", "Rewards", "Reward rules and amounts."),
  admin("stories/dashboard", "Interactive Stories", "Interactive stories and their authors."),
  admin("stories/create", "Create Story", "Start a new interactive story."),
  admin("stories/:storyId/edit", "Edit Story", "Edit an interactive story."),
  admin("stat-presets", "Stat Presets", "Character stats for interactive stories."),
  admin("flagged-content", "Flagged Content", "Content readers have reported."),
  admin("flagged-content-review", "Flagged Content Review", "Decide on reported content."),
  admin("support", "Support Tickets", "Tickets waiting for an answer."),
  admin("support/:ticketId", "Support Ticket", "A ticket and its conversation."),
  admin("support-analytics", "Support Analytics", "Response times and ticket volume.", "superadmin"),
  admin("ads/platform-management", "Platform Ads", "Ads placed by Litverse."),
  admin("ads/settings", "Ad Settings", "Where and how often ads show."),
  admin("ads/user-ads", "User Ads", "Ads placed by readers, for review."),
];
