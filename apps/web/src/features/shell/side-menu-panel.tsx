// The side menu's panel: every section of the app, with live unread badges. Loaded the first time
// the menu opens (or is about to), so that its code is not part of every page's first download.
import { PRODUCT_NAME } from "@litverse/shared/constants";
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useAdminPermissions } from "../../lib/auth/use-admin-permissions.ts";
import { useCurrentUser } from "../../lib/auth/use-current-user.ts";
import { MenuSectionList, SignOutFooter } from "./menu-parts.tsx";
import { menuSections } from "./menu-sections.ts";
import type { UnreadCounts } from "./use-unread-counts.ts";

export function SideMenuPanel({
  open,
  onOpenChange,
  counts,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  counts: UnreadCounts;
}) {
  const me = useCurrentUser();
  const permissions = useAdminPermissions();
  const sections = menuSections(me.data ?? null, permissions.data?.grants ?? null);
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
            <MenuSectionList sections={sections} counts={counts} onNavigate={close} />
          </nav>
          <SignOutFooter className="border-t border-border p-3" onSignOut={close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
