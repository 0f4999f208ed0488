// Where the age question appears: only for a signed-in person whose age is not known yet, so the
// dialog's code loads only for them.
import { lazy, Suspense } from "react";
import { useCurrentUser } from "../../lib/auth/use-current-user.ts";

const AgeGate = lazy(async () => ({ default: (await import("./age-gate-dialog.tsx")).AgeGate }));

export function AgeGateSlot() {
  const me = useCurrentUser();
  if (!me.data || me.data.age !== null) return null;
  return (
    <Suspense fallback={null}>
      <AgeGate />
    </Suspense>
  );
}
