// Suspending (for a number of days) or banning (until lifted) an account: the person is signed out
// everywhere at once and told, when they try to come back, until when and why. What they wrote in
// public can be hidden meanwhile.
import { MAX_SUSPENSION_DAYS } from "@litverse/shared/user-management-inputs";
import { useState } from "react";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import type { FieldErrors } from "../../lib/form-errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { AccountActionDialog } from "./account-action-dialog.tsx";
import type { AccountActions } from "./use-person.ts";

const DEFAULT_DAYS = "7";
const DAY_MS = 86_400_000;

export function RestrictDialog({
  kind,
  who,
  actions,
  onClose,
}: {
  kind: "suspend" | "ban";
  /** The person's name, for the dialog's words. */
  who: string;
  actions: AccountActions;
  onClose: () => void;
}) {
  const [days, setDays] = useState(DEFAULT_DAYS);
  const [hideContent, setHideContent] = useState(false);
  const isBan = kind === "ban";
  const dayCount = Number(days);
  const areDaysValid =
    days.trim() !== "" && Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= MAX_SUSPENSION_DAYS;

  return (
    <AccountActionDialog
      onClose={onClose}
      title={isBan ? `Ban ${who}?` : `Suspend ${who}?`}
      description={
        isBan
          ? `${who} is signed out everywhere now and cannot sign in until the ban is lifted. When they try, they are told why.`
          : `${who} is signed out everywhere now and cannot sign in until the suspension ends. When they try, they are told until when and why.`
      }
      submitLabel={isBan ? "Ban account" : "Suspend account"}
      variant="danger"
      reasonHint="They are shown it; the account's history and the audit trail keep it."
      failureMessage={isBan ? "Could not ban the account." : "Could not suspend the account."}
      fieldKeys={["days", "hideContent"]}
      check={(): FieldErrors =>
        isBan || areDaysValid ? {} : { days: [`Between 1 and ${MAX_SUSPENSION_DAYS} whole days.`] }
      }
      fields={(errors) => (
        <>
          {isBan ? null : (
            <Field
              label="Days"
              required
              error={errors.days}
              hint={
                areDaysValid
                  ? `Until ${formatDateTime(Date.now() + dayCount * DAY_MS)}.`
                  : `From now, at most ${MAX_SUSPENSION_DAYS} days.`
              }
            >
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_SUSPENSION_DAYS}
                step={1}
                value={days}
                onChange={(event) => setDays(event.target.value)}
                className="w-32"
              />
            </Field>
          )}
          <Checkbox
            label={`Hide what they wrote in public while ${isBan ? "banned" : "suspended"}`}
            description="Their profile, posts and comments; they show again once this is lifted."
            checked={hideContent}
            onCheckedChange={(checked) => setHideContent(checked === true)}
          />
        </>
      )}
      onConfirm={(reason) =>
        isBan
          ? actions.ban({ reason, hideContent })
          : actions.suspend({ days: dayCount, reason, hideContent })
      }
    />
  );
}
