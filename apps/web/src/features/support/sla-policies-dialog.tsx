// The service-level targets per priority, in hours, edited one priority at a time.
import { type SlaPolicy, TICKET_PRIORITY_LABELS } from "@litverse/shared/support";
import { Timer } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { useSaveSlaPolicy, useSlaPolicies } from "./use-support-queue.ts";

const FIELDS = [
  ["firstReplyMinutes", "First reply"],
  ["nextReplyMinutes", "Next reply"],
  ["resolutionMinutes", "Resolution"],
] as const;

export function SlaPoliciesDialog() {
  const [open, setOpen] = useState(false);
  const policies = useSlaPolicies(open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Timer aria-hidden /> SLA policies
      </Button>
      <DialogContent
        title="SLA policies"
        description="Hours to the first reply, each later reply and the resolution. Pending and on-hold time does not count."
      >
        <div className="space-y-4">
          {(policies.data ?? []).map((policy) => (
            <PolicyRow key={policy.priority} policy={policy} />
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function PolicyRow({ policy }: { policy: SlaPolicy }) {
  const [hours, setHours] = useState(() =>
    Object.fromEntries(FIELDS.map(([key]) => [key, String(policy[key] / 60)])),
  );
  const [error, setError] = useState<string | null>(null);
  const { save, isSaving, isSaved } = useSaveSlaPolicy();
  const submit = () => {
    setError(null);
    save(
      {
        priority: policy.priority,
        firstReplyMinutes: Math.round(Number(hours.firstReplyMinutes) * 60),
        nextReplyMinutes: Math.round(Number(hours.nextReplyMinutes) * 60),
        resolutionMinutes: Math.round(Number(hours.resolutionMinutes) * 60),
      },
      setError,
    );
  };
  return (
    <fieldset className="rounded-xl border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{TICKET_PRIORITY_LABELS[policy.priority]}</legend>
      <div className="grid grid-cols-3 gap-2">
        {FIELDS.map(([key, label]) => (
          <label key={key} className="text-xs font-medium" htmlFor={`${policy.priority}-${key}`}>
            {label} (h)
            <Input
              id={`${policy.priority}-${key}`}
              type="number"
              min={0.1}
              step={0.5}
              value={hours[key]}
              onChange={(event) => setHours((current) => ({ ...current, [key]: event.target.value }))}
            />
          </label>
        ))}
      </div>
      <div className="mt-2 flex items-center gap-2">
        <Button size="sm" variant="secondary" onClick={submit} isLoading={isSaving}>
          Save
        </Button>
        {isSaved && !error ? <span className="text-xs text-muted-foreground">Saved</span> : null}
        {error ? (
          <span role="alert" className="text-xs text-rose-700 dark:text-rose-300">
            {error}
          </span>
        ) : null}
      </div>
    </fieldset>
  );
}
