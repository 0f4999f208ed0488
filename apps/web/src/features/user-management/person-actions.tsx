// What a superadmin can do to the account, each button opening a dialog that says what will happen
// and asks why. Nothing for a deleted account; only the export for one's own (the server refuses
// the rest); the last superadmin cannot lose the role, be restricted or be deleted.
import { Ban, Download, LogOut, ShieldCheck, Trash2, UserCheck, UserX } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { ChangeRoleDialog, LiftDialog, SignOutDialog } from "./account-dialogs.tsx";
import { DeleteAccountDialog } from "./delete-account-dialog.tsx";
import { displayName, isRestricted } from "./person-values.ts";
import { RestrictDialog } from "./restrict-dialog.tsx";
import { SectionCard } from "./section-card.tsx";
import { type PersonRecordSent, useAccountActions } from "./use-person.ts";

type Action = "suspend" | "ban" | "lift" | "sign-out" | "role" | "delete";

export function PersonActions({
  record,
  isSignedInPerson,
}: {
  record: PersonRecordSent;
  isSignedInPerson: boolean;
}) {
  const { listing, isLastSuperadmin } = record;
  const actions = useAccountActions(listing);
  const [open, setOpen] = useState<Action | null>(null);
  const lastSuperadminId = useId();
  const who = displayName(listing);
  const state = listing.standing.state;
  const close = () => setOpen(null);
  // The disabled buttons point at the sentence that says why.
  const guarded = {
    disabled: isLastSuperadmin,
    "aria-describedby": isLastSuperadmin ? lastSuperadminId : undefined,
  };

  if (state === "deleted") return null;
  return (
    <SectionCard title="Actions">
      <div className="space-y-3">
        {isSignedInPerson ? (
          <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
            This is your own account: another superadmin can act on it.
          </p>
        ) : isLastSuperadmin ? (
          <p
            id={lastSuperadminId}
            className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-400/10 dark:text-amber-100"
          >
            The last superadmin: make someone else a superadmin before changing this role, restricting or
            deleting this account.
          </p>
        ) : null}
        <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 lg:grid-cols-1 [&>button]:justify-start">
          {isSignedInPerson ? null : (
            <>
              {state === "active" ? (
                <Button variant="secondary" onClick={() => setOpen("suspend")} {...guarded}>
                  <UserX aria-hidden />
                  Suspend…
                </Button>
              ) : null}
              {isRestricted(state) ? (
                <Button variant="secondary" onClick={() => setOpen("lift")}>
                  <UserCheck aria-hidden />
                  {state === "banned" ? "Lift ban…" : "Lift suspension…"}
                </Button>
              ) : null}
              {state === "banned" ? null : (
                <Button variant="secondary" onClick={() => setOpen("ban")} {...guarded}>
                  <Ban aria-hidden />
                  Ban…
                </Button>
              )}
              <Button variant="secondary" onClick={() => setOpen("sign-out")}>
                <LogOut aria-hidden />
                Sign out everywhere…
              </Button>
              <Button variant="secondary" onClick={() => setOpen("role")} {...guarded}>
                <ShieldCheck aria-hidden />
                Change role…
              </Button>
            </>
          )}
          <Button
            variant="secondary"
            isLoading={actions.isExporting}
            onClick={() => void actions.exportData()}
          >
            {actions.isExporting ? null : <Download aria-hidden />}
            Export data
          </Button>
          {isSignedInPerson ? null : (
            <Button
              variant="secondary"
              className="text-rose-700! hover:bg-rose-50! dark:text-rose-300! dark:hover:bg-rose-400/10!"
              onClick={() => setOpen("delete")}
              {...guarded}
            >
              <Trash2 aria-hidden />
              Delete account…
            </Button>
          )}
        </div>
      </div>
      {open === "suspend" || open === "ban" ? (
        <RestrictDialog kind={open} who={who} actions={actions} onClose={close} />
      ) : null}
      {open === "lift" ? (
        <LiftDialog who={who} isBan={state === "banned"} actions={actions} onClose={close} />
      ) : null}
      {open === "sign-out" ? <SignOutDialog who={who} actions={actions} onClose={close} /> : null}
      {open === "role" ? (
        <ChangeRoleDialog who={who} current={listing.role} actions={actions} onClose={close} />
      ) : null}
      {open === "delete" ? (
        <DeleteAccountDialog person={listing} who={who} actions={actions} onClose={close} />
      ) : null}
    </SectionCard>
  );
}
