// The team's time zone: schedules are given, and every newsletter time shown, on its clock.
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { describeError } from "../../lib/errors.ts";
import { timeZoneChoices, zoneLabel } from "./schedule-time.ts";
import { useSaveNewsletterSettings } from "./use-newsletter.ts";

export function TeamTimeZone({ timeZone, canManage }: { timeZone: string; canManage: boolean }) {
  const [chosen, setChosen] = useState(timeZone);
  const [error, setError] = useState<string | null>(null);
  const { save, isSaving } = useSaveNewsletterSettings();
  // Another administrator's change arrives live.
  useEffect(() => setChosen(timeZone), [timeZone]);
  const zones = timeZoneChoices(timeZone);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      await save(chosen);
    } catch (caught) {
      setError(describeError(caught, "Could not save the time zone.").message);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Team time zone</CardTitle>
        <CardDescription>Schedules are set, and times shown, on this clock.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void submit(event)} noValidate>
          <Field label="Time zone" error={error} className="min-w-48 flex-1">
            <NativeSelect
              items={zones.map((zone) => ({ value: zone, label: zoneLabel(zone) }))}
              value={chosen}
              disabled={!canManage}
              onValueChange={setChosen}
            />
          </Field>
          {canManage ? (
            <Button type="submit" variant="secondary" isLoading={isSaving} disabled={chosen === timeZone}>
              Save time zone
            </Button>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
