// The side menu's panel: every section of the app, with live unread badges. Loaded the first time
// the menu opens (or is about to), so that its code is not part of every page's first download.
import { PRODUCT_NAME } from "@litverse/shared/constants";
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useAuth } from "react-oidc-context";
import { Link, useLocation } from "react-router";
import { useCurrentUser } from "../auth/use-current-user.ts";
import { type BadgeKind, menuSections } from "./menu-sections.ts";
import { UnreadBadge } from "./unread-badge.tsx";
import type { UnreadCounts } from "./use-unread-counts.ts";

const BADGE_LABELS: Record<BadgeKind, string> = {
  messages: "unread messages",
  notifications: "unread notifications",
  unattendedTickets: "unattended tickets",
};

export function SideMenuPanel({
  open,
  onOpenChange,
  counts,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  counts: UnreadCounts;
}) {
  const auth = useAuth();
  const me = useCurrentUser();
  const sections = menuSections(me.data ?? null);
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,86vw)] flex-col border-r border-border bg-card shadow-2xl outline-none data-[state=open]:animate-[slide-in-left_200ms_ease-out]"
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between border-b border-border px-4 py-3">
            <Dialog.Title className="bg-gradient-to-r from-brand-500 to-accent-500 bg-clip-text text-lg font-extrabold text-transparent">
              {PRODUCT_NAME}
            </Dialog.Title>
            <Dialog.Close
              className="inline-flex size-9 items-center justify-center rounded-full hover:bg-muted"
              aria-label="Close menu"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <nav className="flex-1 overflow-y-auto px-2 py-3" aria-label="Main menu">
            {sections.map((section) => (
              <section key={section.title} className="mb-4">
                <h2 className="px-3 pb-1 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
                  {section.title}
                </h2>
                <ul>
                  {section.items.map((item) => (
                    <li key={`${section.title}-${item.label}`}>
                      <MenuLink item={item} counts={counts} onNavigate={close} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
          {auth.isAuthenticated ? (
            <div className="border-t border-border p-3">
              <button
                type="button"
                onClick={() => {
                  close();
                  void auth.signoutRedirect();
                }}
                className="w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-rose-600 transition hover:bg-rose-50 dark:text-rose-400 dark:hover:bg-rose-400/10"
              >
                Sign Out
              </button>
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MenuLink({
  item,
  counts,
  onNavigate,
}: {
  item: { label: string; to: string; badge?: BadgeKind };
  counts: UnreadCounts;
  onNavigate: () => void;
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
