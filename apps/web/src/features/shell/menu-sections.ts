// The side menu's sections and items, in order, and who sees which.
import {
  type AdminSection,
  type PermissionLevel,
  sectionOfAdminPath,
} from "@litverse/shared/admin-permissions";
import type { UserRole } from "@litverse/shared/constants";
import { isAdminRole } from "@litverse/shared/users";

export type BadgeKind = "messages" | "notifications" | "unattendedTickets";

export interface MenuItem {
  label: string;
  to: string;
  badge?: BadgeKind;
}

export interface MenuSection {
  title: string;
  items: MenuItem[];
}

interface MenuUser {
  _id: string;
  role: UserRole;
  handle: string | null;
}

/**
 * The menu for this person. An administrator's items are kept to the sections their permissions
 * let them see, once those are known (`grants`; null while loading shows every item).
 */
export function menuSections(
  user: MenuUser | null,
  grants: Record<AdminSection, PermissionLevel> | null = null,
): MenuSection[] {
  const profilePath = user ? `/user/${user.handle ?? user._id}` : "/";
  const sections: MenuSection[] = [
    {
      title: "Main Features",
      items: [
        { label: "Home", to: "/" },
        { label: "Browse Library", to: "/library" },
        { label: "My Library", to: "/my-library" },
        { label: "Explore", to: "/explore" },
        { label: "Reels", to: "/reels" },
      ],
    },
    {
      title: "Content Types",
      items: [
        { label: "Books", to: "/explore?type=book" },
        { label: "Audiobooks", to: "/explore?type=audiobook" },
        { label: "Comics", to: "/explore?type=comic" },
        { label: "Visual Content", to: "/explore?type=drama" },
        { label: "Interactive Stories", to: "/interactive-stories" },
      ],
    },
    {
      title: "Social",
      items: [
        { label: "Messages", to: "/messages", badge: "messages" },
        { label: "Book Clubs", to: "/clubs" },
        { label: "Make Friends", to: "/users" },
        { label: "My Profile", to: profilePath },
      ],
    },
    {
      title: "Account",
      items: [
        { label: "My Reels", to: "/profile/reels" },
        { label: "My Ads", to: "/ads/my-ads" },
        { label: "Notifications", to: "/notifications", badge: "notifications" },
        { label: "Rewards", to: "/rewards" },
        { label: "Achievements", to: "/badges" },
        { label: "Leaderboard", to: "/leaderboard" },
        { label: "Edit Profile", to: "/settings/profile" },
        { label: "Subscription Plans", to: "/subscription/plans" },
        { label: "Buy Coins", to: "/coins/buy" },
        { label: "Support", to: "/support" },
        { label: "Safety", to: "/settings/safety" },
      ],
    },
  ];
  if (user && isAdminRole(user.role)) {
    const items: MenuItem[] = [
      { label: "Admin Dashboard", to: "/admin/dashboard" },
      { label: "Manage Content", to: "/admin/content-management" },
      { label: "Interactive Stories", to: "/admin/stories/dashboard" },
      { label: "Manage Reels", to: "/admin/reels/management" },
      { label: "Analytics", to: "/admin/analytics" },
      { label: "Reels Analytics", to: "/admin/reels/analytics" },
      { label: "Newsletter", to: "/admin/newsletter" },
      { label: "Support Tickets", to: "/admin/support", badge: "unattendedTickets" },
      { label: "Flagged Content", to: "/admin/flagged-content" },
    ];
    if (user.role === "admin") items.push({ label: "Admin Tools", to: "/admin/tools" });
    if (user.role === "superadmin") {
      items.push(
        { label: "Subscriptions", to: "/admin/subscription-management" },
        { label: "VVIP Control", to: "/admin/vvip-control" },
        { label: "Content Metrics", to: "/admin/content-metrics" },
        { label: "User Management", to: "/admin/user-management" },
        { label: "Support Analytics", to: "/admin/support-analytics" },
      );
    }
    const allowed = (item: MenuItem) => {
      const section = sectionOfAdminPath(item.to);
      return !grants || !section || grants[section] !== "none";
    };
    sections.push({ title: "Admin", items: items.filter(allowed) });
  }
  return sections;
}
