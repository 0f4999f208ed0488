// What the side menu's dialog (phones and tablets) and the navigation beside the page (wider
// screens) both show: the menu's sections with their links and live badges, and Sign Out.
import { useAuth } from "react-oidc-context";
import { Link, useLocation } from "react-router";
import type { BadgeKind, MenuItem, MenuSection } from "./menu-sections.ts";
import { UnreadBadge } from "./unread-badge.tsx";
import type { UnreadCounts } from "./use-unread-counts.ts";

const BADGE_LABELS: Record<BadgeKind, string> = {
  messages: "unread messages",
  notifications: "unread notifications",
  unattendedTickets: "unattended tickets",
};

export function MenuSectionList({
  sections,
  counts,
  onNavigate,
}: {
  sections: MenuSection[];
  counts: UnreadCounts;
  onNavigate?: () => void;
}) {
  return sections.map((section) => (
    <section key={section.title} className="mb-4">
      <h2 className="px-3 pb-1 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
        {section.title}
      </h2>
      <ul>
        {section.items.map((item) => (
          <li key={`${section.title}-${item.label}`}>
            <MenuLink item={item} counts={counts} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </section>
  ));
}

function MenuLink({
  item,
  counts,
  onNavigate,
}: {
  item: MenuItem;
  counts: UnreadCounts;
  onNavigate?: () => void;
}) {
  const location = useLocation();
  const count = item.badge ? counts[item.badge] : 0;
  // Several items share a path and differ by query (Explore, Books, Comics, …).
  const isActive = `${location.pathname}${location.search}` === item.to;
  return (
    <Link
      to={item.to}
      onClick={onNavigate}
      aria-current={isActive ? "page" : undefined}
      className={`flex items-center justify-between rounded-lg px-3 py-2 text-sm transition ${
        isActive
          ? "bg-brand-50 font-semibold text-brand-700 dark:bg-brand-500/15 dark:text-brand-100"
          : "hover:bg-muted"
      }`}
    >
      <span>{item.label}</span>
      {item.badge ? <UnreadBadge count={count} label={BADGE_LABELS[item.badge]} /> : null}
    </Link>
  );
}

/** Sign Out in its own footer, `className`, for a signed-in person only; `onSignOut` runs first. */
export function SignOutFooter({ className, onSignOut }: { className: string; onSignOut?: () => void }) {
  const auth = useAuth();
  if (!auth.isAuthenticated) return null;
  return (
    <div className={className}>
      <button
        type="button"
        onClick={() => {
          onSignOut?.();
          void auth.signoutRedirect();
        }}
        className="w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-rose-600 transition hover:bg-rose-50 dark:text-rose-400 dark:hover:bg-rose-400/10"
      >
        Sign Out
      </button>
    </div>
  );
}
