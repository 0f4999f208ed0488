// Which notifications a person gets, in the app and as a push on their devices, and push on this
// device itself.
import { BellRing } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { isPushSupported } from "./push-device.ts";
import { useNotificationPreferences, usePushOnThisDevice } from "./use-notification-settings.ts";

export function NotificationSettings() {
  const { preferences, setPreference } = useNotificationPreferences();

  if (preferences.isError) {
    return <ErrorState error={preferences.error} onRetry={() => void preferences.refetch()} />;
  }
  if (!preferences.data) return <Skeleton className="h-64 w-full" />;
  return (
    <div className="space-y-5">
      <PushOnThisDevice />
      <table className="w-full text-sm">
        <caption className="sr-only">Notifications by kind</caption>
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th scope="col" className="pb-2 font-medium">
              Kind
            </th>
            <th scope="col" className="w-16 pb-2 text-center font-medium">
              In app
            </th>
            <th scope="col" className="w-16 pb-2 text-center font-medium">
              Push
            </th>
          </tr>
        </thead>
        <tbody>
          {preferences.data.map((choice) => (
            <tr key={choice.kind} className="border-b border-border last:border-0">
              <th scope="row" className="py-2.5 pr-2 text-left font-normal">
                {choice.label}
              </th>
              <td className="py-2.5 text-center">
                <Switch
                  aria-label={`${choice.label} in the app`}
                  checked={choice.inApp}
                  onCheckedChange={(inApp) => setPreference({ kind: choice.kind, inApp })}
                />
              </td>
              <td className="py-2.5 text-center">
                <Switch
                  aria-label={`${choice.label} as a push`}
                  checked={choice.push}
                  onCheckedChange={(push) => setPreference({ kind: choice.kind, push })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PushOnThisDevice() {
  const { isReady, isOn, devices, isBusy, toggle } = usePushOnThisDevice();

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border p-4 sm:flex-row sm:items-center">
      <BellRing className="size-5 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium">Push on this device</p>
        <p className="text-sm text-muted-foreground">
          {isPushSupported()
            ? `${isOn ? "On" : "Off"} here. ${devices === 1 ? "1 device gets" : `${devices} devices get`} your pushes.`
            : "This browser cannot receive push notifications."}
        </p>
      </div>
      {isPushSupported() ? (
        <Button variant="secondary" onClick={() => void toggle()} isLoading={isBusy} disabled={!isReady}>
          {isOn ? "Turn off" : "Turn on"}
        </Button>
      ) : null}
    </div>
  );
}
