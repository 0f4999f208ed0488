import { BookOpen, Clapperboard, Home, Library } from "lucide-react";
import { NavLink } from "react-router";

const TABS = [
  { label: "Home", to: "/", icon: Home },
  { label: "Library", to: "/explore", icon: Library },
  { label: "Stories", to: "/interactive-stories", icon: BookOpen },
  { label: "Reels", to: "/reels", icon: Clapperboard },
];

/** Height of the bar, which floating cards and page bottoms keep clear of. */
export const BOTTOM_NAV_HEIGHT_CLASS = "h-16";

export function BottomNav() {
  return (
    <nav
      aria-label="Sections"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-(--background)/90 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className={`mx-auto grid max-w-xl grid-cols-4 ${BOTTOM_NAV_HEIGHT_CLASS}`}>
        {TABS.map(({ label, to, icon: Icon }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              end={to === "/"}
              className={({ isActive }) =>
                `flex flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium transition ${
                  isActive
                    ? "text-brand-600 dark:text-brand-400"
                    : "text-muted-foreground hover:text-foreground"
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
  );
}
