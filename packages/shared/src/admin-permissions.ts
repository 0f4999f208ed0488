// What an administrator may do in each section of the admin area. The two roles stay as they are
// (admin, superadmin); permissions only narrow what an admin may do. A superadmin may always do
// everything, and functions kept to superadmins stay theirs whatever an admin is granted.

/** The sections of the admin area, each with its own permission. */
export const ADMIN_SECTIONS = [
  "content",
  "curation",
  "stories",
  "reels",
  "ads",
  "newsletter",
  "support",
  "moderation",
  "analytics",
  "rewards",
  "users",
  "tools",
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export const ADMIN_SECTION_LABELS: Record<AdminSection, string> = {
  content: "Content",
  curation: "Curation",
  stories: "Interactive stories",
  reels: "Reels",
  ads: "Ads",
  newsletter: "Newsletter",
  support: "Support",
  moderation: "Moderation",
  analytics: "Analytics",
  rewards: "Rewards",
  users: "People",
  tools: "Tools and audit trail",
};

/** One line on what each section covers, for the permissions page. */
export const ADMIN_SECTION_SCOPES: Record<AdminSection, string> = {
  content: "The catalogue: titles, episodes, imports, and the money pages of plans and coins.",
  curation: "Curated lists, featured titles and what shows on home.",
  stories: "Interactive stories, their editor and stat presets.",
  reels: "Reels, their processing and their analytics.",
  ads: "Ad review, house ads and ad settings.",
  newsletter: "The newsletter and announcements.",
  support: "Support tickets and replies.",
  moderation: "Reports and what is done about them.",
  analytics: "The dashboard's figures, analytics and revenue.",
  rewards: "Reward rules, badges and leagues.",
  users: "People's accounts (superadmins only, whatever is granted).",
  tools: "Coming-soon mode, jobs, the ledger check and the audit trail.",
};

/** None: the section is hidden. View: its pages and figures. Manage: also change what it holds. */
export const PERMISSION_LEVELS = ["none", "view", "manage"] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

export const PERMISSION_LEVEL_LABELS: Record<PermissionLevel, string> = {
  none: "No access",
  view: "View",
  manage: "Manage",
};

/** A level for some sections; a section left out has no access (or, in overrides, the template's). */
export type SectionGrants = Partial<Record<AdminSection, PermissionLevel>>;

const RANK: Record<PermissionLevel, number> = { none: 0, view: 1, manage: 2 };

/** Whether holding `have` is enough for what needs `need`. */
export function levelAllows(have: PermissionLevel | undefined, need: PermissionLevel): boolean {
  return RANK[have ?? "none"] >= RANK[need];
}

/** Every section at one level. */
export function allSections(level: PermissionLevel): Record<AdminSection, PermissionLevel> {
  return Object.fromEntries(ADMIN_SECTIONS.map((section) => [section, level])) as Record<
    AdminSection,
    PermissionLevel
  >;
}

/** What a person may do: their template's grants, with their own overrides on top. */
export function effectiveGrants(
  role: string,
  template: SectionGrants | null,
  overrides: SectionGrants,
): Record<AdminSection, PermissionLevel> {
  if (role === "superadmin") return allSections("manage");
  if (role !== "admin") return allSections("none");
  const grants = allSections("none");
  for (const section of ADMIN_SECTIONS) {
    grants[section] = overrides[section] ?? template?.[section] ?? "none";
  }
  return grants;
}

/**
 * The section whose permission each admin page needs to be opened (view level). Pages left out
 * are every administrator's: the dashboard (which shows only the figures they may see) and their
 * notifications.
 */
export const ADMIN_PAGE_SECTIONS: Record<string, AdminSection> = {
  "/admin/analytics": "analytics",
  "/admin/revenue-analytics": "analytics",
  "/admin/content-management": "content",
  "/admin/content-metrics": "content",
  "/admin/subscription-management": "content",
  "/admin/vvip-control": "content",
  "/admin/content-curation": "curation",
  "/admin/stories/dashboard": "stories",
  "/admin/stories/create": "stories",
  "/admin/stat-presets": "stories",
  "/admin/reels/management": "reels",
  "/admin/reels/analytics": "reels",
  "/admin/newsletter": "newsletter",
  "/admin/support": "support",
  "/admin/support-analytics": "support",
  "/admin/flagged-content": "moderation",
  "/admin/flagged-content-review": "moderation",
  "/admin/rewards": "rewards",
  "/admin/user-management": "users",
  "/admin/tools": "tools",
  "/admin/fictitious-users": "support",
  "/admin/ads/platform-management": "ads",
  "/admin/ads/settings": "ads",
  "/admin/ads/user-ads": "ads",
};

/** The section an admin path belongs to (a page's own path, or one under it), if any. */
export function sectionOfAdminPath(path: string): AdminSection | undefined {
  let best: string | undefined;
  for (const prefix of Object.keys(ADMIN_PAGE_SECTIONS)) {
    if ((path === prefix || path.startsWith(`${prefix}/`)) && (!best || prefix.length > best.length)) {
      best = prefix;
    }
  }
  return best ? ADMIN_PAGE_SECTIONS[best] : undefined;
}

/** Built-in templates a superadmin starts from; they can be changed, and new ones made. */
export const BUILT_IN_TEMPLATES: Array<{
  key: string;
  name: string;
  description: string;
  grants: SectionGrants;
}> = [
  {
    key: "administrator",
    name: "Administrator",
    description: "Everything an admin may do. New admins start here.",
    grants: { ...allSections("manage"), users: "none" },
  },
  {
    key: "editor",
    name: "Editor",
    description: "The catalogue, curation, stories and reels; figures to see how they do.",
    grants: { content: "manage", curation: "manage", stories: "manage", reels: "manage", analytics: "view" },
  },
  {
    key: "moderator",
    name: "Moderator",
    description: "Reports and support; sees the content and reels they concern.",
    grants: { moderation: "manage", support: "manage", content: "view", reels: "view", stories: "view" },
  },
  {
    key: "support-agent",
    name: "Support agent",
    description: "Support tickets only.",
    grants: { support: "manage" },
  },
  {
    key: "analyst",
    name: "Analyst",
    description: "Sees the dashboard, analytics and revenue; changes nothing.",
    grants: { analytics: "view", content: "view", reels: "view", support: "view" },
  },
];

/** The template of an admin who was given none. */
export const DEFAULT_TEMPLATE_KEY = "administrator";

/** What the permissions page shows for one administrator. */
export interface AdminPermissionsEntry {
  userId: string;
  name: string | null;
  handle: string | null;
  email: string | null;
  role: "admin" | "superadmin";
  templateId: string | null;
  overrides: SectionGrants;
  grants: Record<AdminSection, PermissionLevel>;
  updatedAt: string | null;
}

export interface AdminRoleTemplate {
  _id: string;
  key: string | null;
  name: string;
  description: string;
  grants: SectionGrants;
  /** Admins who have it (those given none count under the default). */
  holders: number;
}

/** The signed-in administrator's own permissions: what the menu and pages show. */
export interface MyAdminPermissions {
  role: "user" | "admin" | "superadmin";
  grants: Record<AdminSection, PermissionLevel>;
}
