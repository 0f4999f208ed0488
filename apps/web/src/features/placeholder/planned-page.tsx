// A page whose feature is still to come: the app's frame, its title, and a plain statement that it
// is not available yet. Admin pages also say who may use them.
import { isAdminRole } from "@litverse/shared/users";
import { Construction, ShieldAlert } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import type { PlannedPage as PlannedPageInfo } from "../../app/pages.ts";
import { Page } from "../../components/ui/page.tsx";
import { useCurrentUser } from "../../lib/auth/use-current-user.ts";

export function PlannedPage({ page }: { page: PlannedPageInfo }) {
  const me = useCurrentUser();
  const role = me.data?.role;
  const isAllowed =
    page.access === "superadmin" ? role === "superadmin" : page.access === "admin" ? isAdminRole(role) : true;
  useEffect(() => {
    document.title = `${page.title} · Litverse`;
  }, [page.title]);

  return (
    <Page width="wide" className="py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{page.title}</h1>
      <p className="mt-1 text-muted-foreground">{page.purpose}</p>
      <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-border bg-card px-6 py-14 text-center">
        {isAllowed ? (
          <>
            <Construction className="size-10 text-brand-500" aria-hidden />
            <p className="mt-4 text-lg font-semibold">Not available yet</p>
            <p className="mt-1 max-w-md text-muted-foreground">
              This part of Litverse is being built. It will appear here as soon as it is ready.
            </p>
          </>
        ) : (
          <>
            <ShieldAlert className="size-10 text-rose-500" aria-hidden />
            <p className="mt-4 text-lg font-semibold">
              {page.access === "superadmin" ? "For superadmins only" : "For administrators only"}
            </p>
            <p className="mt-1 max-w-md text-muted-foreground">
              Your account does not have access to this page.
            </p>
          </>
        )}
        <Link
          to="/"
          className="mt-6 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white transition hover:bg-brand-700"
        >
          Back to Home
        </Link>
      </div>
    </Page>
  );
}
