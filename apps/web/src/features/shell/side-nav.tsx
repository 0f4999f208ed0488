// The navigation beside the page on wide screens (from 64rem, where the bottom bar and the menu
// button give way to it): the four sections first, then every section of the side menu with its
// live badges, and Sign Out. Drawn by CSS alone, so that the server's first screen has it too.
import { NavLink } from "react-router";
import { useAdminPermissions } from "../../lib/auth/use-admin-permissions.ts";
import { useCurrentUser } from "../../lib/auth/use-current-user.ts";
import { SECTION_TABS } from "./bottom-nav.tsx";
import { MenuSectionList, SignOutFooter } from "./menu-parts.tsx";
import { menuSections } from "./menu-sections.ts";
import { useUnreadCounts } from "./use-unread-counts.ts";

export function SideNav() {
  const me = useCurrentUser();
  const counts = useUnreadCounts();
  const permissions = useAdminPermissions();
  const sections = menuSections(me.data ?? null, permissions.data?.grants ?? null);
  return (
    <div
      className="fixed top-(--shell-header-height) bottom-0 left-0 z-20 hidden w-(--shell-side-nav) flex-col overflow-y-auto overscroll-contain border-r border-border bg-background lg:flex"
      data-testid="side-nav"
    >
      <nav aria-label="Sections" className="border-b border-border px-2 py-3">
        <ul className="space-y-0.5">
          {SECTION_TABS.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={to === "/"}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition ${
                    isActive
                      ? "bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-100"
                      : "hover:bg-muted"
                  }`
                }
              >
                <Icon className="size-5" aria-hidden />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Main menu" className="px-2 pt-4 pb-2">
        <MenuSectionList sections={sections} counts={counts} />
        <SignOutFooter className="border-t border-border pt-2" />
      </nav>
    </div>
  );
}
