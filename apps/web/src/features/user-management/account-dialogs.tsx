// The lighter actions on an account, each with a reason: lifting a suspension or a ban, signing the
// person out everywhere, and giving them another role.
import { USER_ROLES, type UserRole } from "@litverse/shared/constants";
import { useState } from "react";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { AccountActionDialog } from "./account-action-dialog.tsx";
import { ROLE_LABELS, ROLE_MEANINGS } from "./person-values.ts";
import type { AccountActions } from "./use-person.ts";

interface DialogProps {
  who: string;
  actions: AccountActions;
  onClose: () => void;
}

export function LiftDialog({ who, isBan: wasBan, actions, onClose }: DialogProps & { isBan: boolean }) {
  // What was lifted stays named as it was when the dialog opened, should the account change meanwhile.
  const [isBan] = useState(wasBan);
  return (
    <AccountActionDialog
      onClose={onClose}
      title={isBan ? `Lift the ban on ${who}?` : `Lift the suspension of ${who}?`}
      description={`${who} can sign in again at once, and what they wrote in public shows again.`}
      submitLabel={isBan ? "Lift ban" : "Lift suspension"}
      failureMessage="Could not lift it."
      onConfirm={(reason) => actions.lift(reason, isBan)}
    />
  );
}

export function SignOutDialog({ who, actions, onClose }: DialogProps) {
  return (
    <AccountActionDialog
      onClose={onClose}
      title={`Sign ${who} out everywhere?`}
      description={`Every browser and app where ${who} is signed in is signed out now. They can sign in again.`}
      submitLabel="Sign out everywhere"
      failureMessage="Could not sign them out."
      onConfirm={actions.signOutEverywhere}
    />
  );
}

const ROLE_ITEMS = USER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export function ChangeRoleDialog({ who, current, actions, onClose }: DialogProps & { current: UserRole }) {
  const [role, setRole] = useState<UserRole>(current);
  return (
    <AccountActionDialog
      onClose={onClose}
      title={`Change the role of ${who}?`}
      description={`${who} is ${current === "admin" ? "an" : "a"} ${ROLE_LABELS[current].toLowerCase()} now. A new role applies at once.`}
      submitLabel="Change role"
      failureMessage="Could not change the role."
      canSubmit={role !== current}
      fieldKeys={["role"]}
      fields={(errors) => (
        <Field label="Role" error={errors.role} hint={ROLE_MEANINGS[role]}>
          <NativeSelect<UserRole> items={ROLE_ITEMS} value={role} onValueChange={setRole} />
        </Field>
      )}
      onConfirm={(reason) => actions.changeRole(role, reason)}
    />
  );
}
