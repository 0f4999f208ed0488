// Deleting an account, which cannot be undone: what goes and what stays, and the person's handle
// typed again before the button can be pressed.
import { useState } from "react";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { AccountActionDialog } from "./account-action-dialog.tsx";
import { confirmationMatches, deletionConfirmation } from "./person-values.ts";
import type { AccountActions } from "./use-person.ts";

export function DeleteAccountDialog({
  person,
  who,
  actions,
  onClose,
}: {
  person: { id: string; handle: string | null };
  who: string;
  actions: AccountActions;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState("");
  const expected = deletionConfirmation(person);
  return (
    <AccountActionDialog
      onClose={onClose}
      title={`Delete the account of ${who}?`}
      description="This cannot be undone."
      submitLabel="Delete account"
      variant="danger"
      failureMessage="Could not delete the account."
      canSubmit={confirmationMatches(typed, expected)}
      fieldKeys={["confirmation"]}
      fields={(errors) => (
        <>
          <div className="space-y-2 rounded-lg bg-rose-50 px-3 py-2.5 text-sm text-rose-900 dark:bg-rose-400/10 dark:text-rose-100">
            <p>
              <strong>Their personal data is erased:</strong> profile, posts and comments, messages, friends,
              clubs, settings and their sign-in. Nobody can sign in to the account again.
            </p>
            <p>
              <strong>Money records are kept under no name:</strong> the coin ledger and payments stay, so
              that the books still add up.
            </p>
          </div>
          <Field
            label={`Type ${person.handle ? `their handle, ${expected},` : `their id, ${expected},`} to confirm`}
            required
            error={errors.confirmation}
          >
            <Input
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={100}
            />
          </Field>
        </>
      )}
      onConfirm={(reason) => actions.deleteAccount(reason, typed)}
    />
  );
}
