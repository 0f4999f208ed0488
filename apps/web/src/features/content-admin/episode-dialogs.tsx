// Dialogs for the episodes chosen in the table: release them one after another, or price them.
import type { AdminEpisode } from "@litverse/shared/content";
import { type FormEvent, useState } from "react";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { MAX_PRICE_COINS, nextHour, parsePrice, toLocalInput } from "./episode-values.ts";
import { useScheduleEpisodes, useSetEpisodesPrice } from "./use-episode-batches.ts";

const UNIT_ITEMS = [
  { value: "hours" as const, label: "hours" },
  { value: "days" as const, label: "days" },
];
type Unit = (typeof UNIT_ITEMS)[number]["value"];

const PREVIEW_COUNT = 4;
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function ScheduleDialog({
  open,
  onOpenChange,
  contentId,
  episodes,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contentId: string;
  /** The chosen episodes, in reading order. */
  episodes: AdminEpisode[];
  onDone: () => void;
}) {
  const [start, setStart] = useState(() => toLocalInput(nextHour()));
  const [every, setEvery] = useState("1");
  const [unit, setUnit] = useState<Unit>("days");
  const [error, setError] = useState<string | null>(null);
  const { schedule, isPending } = useScheduleEpisodes(contentId);

  const startDate = new Date(start);
  const isStartValid = start !== "" && !Number.isNaN(startDate.getTime());
  const count = Number(every);
  const isEveryValid = every.trim() !== "" && Number.isInteger(count) && count >= 0;
  const intervalHours = isEveryValid ? count * (unit === "days" ? 24 : 1) : 0;
  const isIntervalTooLong = intervalHours > 24 * 365;
  const releaseAt = (index: number) => new Date(startDate.getTime() + index * intervalHours * 3_600_000);
  const isPast = isStartValid && startDate.getTime() <= Date.now();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isStartValid || !isEveryValid || isIntervalTooLong) return;
    setError(null);
    await schedule(
      {
        episodeIds: episodes.map((episode) => episode._id),
        startAt: startDate.toISOString(),
        intervalHours,
      },
      {
        onDone: () => {
          onDone();
          onOpenChange(false);
        },
        onFailed: setError,
      },
    );
  };

  const last = episodes[episodes.length - 1];
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        episodes.length === 1
          ? `Schedule episode ${episodes[0]?.number}`
          : `Schedule ${episodes.length} episodes`
      }
      description="The first comes out at the time you choose, each next one after the interval, in reading order."
      submitLabel="Schedule"
      isPending={isPending}
      canSubmit={isStartValid && isEveryValid && !isIntervalTooLong}
      error={error}
      form={{ id: "schedule-form", className: "space-y-4", onSubmit: submit }}
    >
      <Field
        label="First release"
        required
        hint={
          isPast
            ? "This is in the past: the episodes come out at once."
            : `Your time zone: ${timeZone.replaceAll("_", " ")}.`
        }
        error={isStartValid ? null : "Choose a date and time."}
      >
        <Input type="datetime-local" value={start} onChange={(event) => setStart(event.target.value)} />
      </Field>
      {episodes.length > 1 ? (
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium">Then one every</legend>
          <div className="flex gap-2">
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={every}
              onChange={(event) => setEvery(event.target.value)}
              aria-label="Interval"
              aria-invalid={!isEveryValid || isIntervalTooLong || undefined}
              className="w-24"
            />
            <Select<Unit>
              items={UNIT_ITEMS}
              value={unit}
              onValueChange={setUnit}
              aria-label="Interval unit"
              className="w-32"
            />
          </div>
          <p className="text-xs text-muted-foreground">0 releases them all at once.</p>
          {!isEveryValid || isIntervalTooLong ? (
            <p className="text-xs font-medium text-rose-600 dark:text-rose-400">
              {isIntervalTooLong ? "At most a year between episodes." : "A whole number, 0 or more."}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {isStartValid && isEveryValid && !isIntervalTooLong ? (
        <div className="rounded-xl bg-muted p-3 text-sm">
          <p className="font-medium">Release plan</p>
          <ul className="mt-1 space-y-0.5 text-muted-foreground">
            {episodes.slice(0, PREVIEW_COUNT).map((episode, index) => (
              <li key={episode._id}>
                Episode {episode.number}: {formatDateTime(releaseAt(index))}
              </li>
            ))}
            {episodes.length > PREVIEW_COUNT && last ? (
              <li>
                … episode {last.number}: {formatDateTime(releaseAt(episodes.length - 1))}
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
    </FormDialog>
  );
}

export function PriceDialog({
  open,
  onOpenChange,
  contentId,
  episodes,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contentId: string;
  episodes: AdminEpisode[];
  onDone: () => void;
}) {
  const [price, setPrice] = useState("0");
  const [error, setError] = useState<string | null>(null);
  const { setPrices, isPending } = useSetEpisodesPrice(contentId);
  const coins = parsePrice(price);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (coins === null) return;
    setError(null);
    await setPrices(
      episodes.map((episode) => episode._id),
      coins,
      {
        onDone: () => {
          onDone();
          onOpenChange(false);
        },
        onFailed: setError,
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={
        episodes.length === 1
          ? `Price of episode ${episodes[0]?.number}`
          : `Price of ${episodes.length} episodes`
      }
      description="What a reader pays in coins to unlock each one; 0 makes them free."
      submitLabel="Set price"
      isPending={isPending}
      canSubmit={coins !== null}
      error={error}
      form={{ id: "price-form", className: "space-y-3", onSubmit: submit }}
    >
      <Field
        label="Coins"
        required
        error={coins === null ? `A whole number from 0 to ${MAX_PRICE_COINS.toLocaleString("en-US")}.` : null}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_PRICE_COINS}
          step={1}
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          autoFocus
        />
      </Field>
    </FormDialog>
  );
}
