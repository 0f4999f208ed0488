// The app's four sections: a bar along the bottom on phones and tablets; on wider screens they
// lead the navigation beside the page instead (side-nav.tsx).
import { BookOpen, Clapperboard, Home, Library } from "lucide-react";
import { NavLink } from "react-router";

export const SECTION_TABS = [
  { label: "Home", to: "/", icon: Home },
  { label: "Library", to: "/explore", icon: Library },
  { label: "Stories", to: "/interactive-stories", icon: BookOpen },
  { label: "Reels", to: "/reels", icon: Clapperboard },
];

export function BottomNav() {
  return (
    <nav
      aria-label="Sections"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-(--background)/90 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
      data-testid="bottom-nav"
    >
      <ul className="mx-auto grid h-16 max-w-xl grid-cols-4">
        {SECTION_TABS.map(({ label, to, icon: Icon }) => (
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
