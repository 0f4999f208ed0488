// The admin pages' door: the page for administrators (or superadmins only) whose permissions
// include its section, a plain "not for you" to everyone else. The server checks the role and the
// permissions on every call anyway; this only spares others a page of errors.
import { ADMIN_SECTION_LABELS, sectionOfAdminPath } from "@litverse/shared/admin-permissions";
import { isAdminRole } from "@litverse/shared/users";
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Page } from "../../components/ui/page.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useAdminPermissions } from "../../lib/auth/use-admin-permissions.ts";
import { useCurrentUser } from "../../lib/auth/use-current-user.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";

export type AdminAccess = "admin" | "superadmin";

export function canAccess(role: string | null | undefined, access: AdminAccess): boolean {
  return access === "superadmin" ? role === "superadmin" : isAdminRole(role);
}

export function AdminOnly({
  access = "admin",
  title,
  children,
}: {
  access?: AdminAccess;
  /** The page's title, shown above the refusal and in the tab while the page itself does not show. */
  title: string;
  children: ReactNode;
}) {
  const me = useCurrentUser();
  const permissions = useAdminPermissions();
  const section = sectionOfAdminPath(useLocation().pathname);
  const hasRole = canAccess(me.data?.role, access);
  const isWithheld = hasRole && section !== undefined && permissions.data?.grants[section] === "none";
  const isAllowed = hasRole && !isWithheld;
  // The page sets its own, more precise title once it shows.
  useDocumentTitle(me.data && isAllowed ? null : title);

  if (!me.data || (hasRole && section && !permissions.data && !permissions.isError)) {
    return (
      <Page width="wide" className="space-y-6 py-8" role="status" aria-label="Loading">
        <Skeleton className="h-9 w-64 max-w-full" />
        <Skeleton className="h-64 w-full" />
      </Page>
    );
  }
  if (isAllowed) return children;
  return (
    <Page width="wide" className="py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-border bg-card px-6 py-14 text-center">
        <ShieldAlert className="size-10 text-rose-500" aria-hidden />
        <p className="mt-4 text-lg font-semibold">
          {isWithheld
            ? "Not in your permissions"
            : access === "superadmin"
              ? "For superadmins only"
              : "For administrators only"}
        </p>
        <p className="mt-1 max-w-md text-muted-foreground">
          {isWithheld && section
            ? `Your permissions do not include ${ADMIN_SECTION_LABELS[section].toLowerCase()}. A superadmin can give you access.`
            : "Your account does not have access to this page."}
        </p>
        <Button asChild className="mt-6">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    </Page>
  );
}
