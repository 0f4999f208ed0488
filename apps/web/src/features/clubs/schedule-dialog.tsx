// Moderators choose what the club reads and its schedule: a title from the catalogue, then
// milestones (a range of episodes and a date each). A new title starts a read and archives the last;
// the same title keeps its threads.
import { CLUB_MILESTONES_MAX, type ClubDetail } from "@litverse/shared/clubs";
import type { ContentSummary } from "@litverse/shared/content";
import { Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { TitleSearch } from "./title-search.tsx";
import { useSetCurrentRead } from "./use-club-reads.ts";

interface Title {
  _id: string;
  title: string;
  episodeCount: number;
}

interface MilestoneDraft {
  title: string;
  fromEpisode: number;
  toEpisode: number;
  dueOn: string;
}

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A first schedule: the title in up to four even parts, one a week from next week. */
export function evenSchedule(episodeCount: number, start = Date.now()): MilestoneDraft[] {
  const parts = Math.max(1, Math.min(4, episodeCount));
  const size = Math.ceil(episodeCount / parts);
  const drafts: MilestoneDraft[] = [];
  for (let from = 1, week = 1; from <= episodeCount; from += size, week++) {
    drafts.push({
      title: `Part ${week}`,
      fromEpisode: from,
      toEpisode: Math.min(episodeCount, from + size - 1),
      dueOn: isoDay(start + week * 7 * DAY_MS),
    });
  }
  return drafts;
}

export function ScheduleDialog({
  club,
  open,
  onOpenChange,
}: {
  club: ClubDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [title, setTitle] = useState<Title | null>(null);
  const [milestones, setMilestones] = useState<MilestoneDraft[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const { save, isSaving } = useSetCurrentRead(club._id);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from the club as it is
  useEffect(() => {
    if (!open) return;
    const read = club.read;
    setTitle(
      read
        ? { _id: read.content._id, title: read.content.title, episodeCount: read.content.episodeCount }
        : null,
    );
    setMilestones(
      read?.milestones.map(({ title: name, fromEpisode, toEpisode, dueOn }) => ({
        title: name,
        fromEpisode,
        toEpisode,
        dueOn,
      })) ?? [],
    );
    setMessage(null);
  }, [open]);

  const choose = (summary: ContentSummary) => {
    setTitle({ _id: summary._id, title: summary.title, episodeCount: summary.episodeCount });
    setMilestones(evenSchedule(summary.episodeCount));
  };
  const change = (index: number, patch: Partial<MilestoneDraft>) =>
    setMilestones((all) =>
      all.map((milestone, at) => (at === index ? { ...milestone, ...patch } : milestone)),
    );

  const submit = async () => {
    if (!title) {
      setMessage("Choose a title.");
      return;
    }
    await save(title, milestones, { onSaved: () => onOpenChange(false), onFailed: setMessage });
  };

  const last = milestones.at(-1);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="What the club reads"
      description="Choose a title, then when to have read each part. Posts in a part's thread stay hidden from members who have not finished it."
      submitLabel="Save schedule"
      onSubmit={submit}
      isPending={isSaving}
      canSubmit={Boolean(title) && milestones.length > 0}
      error={message}
    >
      <TitleSearch
        onPick={choose}
        placeholder={title ? `Reading ${title.title}: search to change` : "Search the catalogue"}
      />
      {title ? (
        <p className="mt-3 text-sm">
          <span className="font-medium">{title.title}</span>{" "}
          <span className="text-muted-foreground">· {title.episodeCount} episodes out</span>
        </p>
      ) : null}
      {title ? (
        <fieldset className="mt-4">
          <legend className="mb-2 text-sm font-medium">Milestones</legend>
          <ol className="space-y-3">
            {milestones.map((milestone, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions on the schedule
                key={index}
                className="grid grid-cols-[1fr_auto] gap-2 rounded-xl border border-border p-3 sm:grid-cols-[1fr_5rem_5rem_9rem_auto]"
              >
                <Input
                  value={milestone.title}
                  onChange={(event) => change(index, { title: event.target.value })}
                  aria-label={`Milestone ${index + 1} name`}
                  maxLength={80}
                  className="col-span-2 sm:col-span-1"
                />
                <Input
                  type="number"
                  min={1}
                  max={title.episodeCount}
                  value={milestone.fromEpisode}
                  onChange={(event) => change(index, { fromEpisode: Number(event.target.value) })}
                  aria-label={`Milestone ${index + 1} first episode`}
                />
                <Input
                  type="number"
                  min={1}
                  max={title.episodeCount}
                  value={milestone.toEpisode}
                  onChange={(event) => change(index, { toEpisode: Number(event.target.value) })}
                  aria-label={`Milestone ${index + 1} last episode`}
                />
                <Input
                  type="date"
                  value={milestone.dueOn}
                  onChange={(event) => change(index, { dueOn: event.target.value })}
                  aria-label={`Milestone ${index + 1} date`}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove milestone ${index + 1}`}
                  disabled={milestones.length === 1}
                  onClick={() => setMilestones((all) => all.filter((_, at) => at !== index))}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ol>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            disabled={milestones.length >= CLUB_MILESTONES_MAX}
            onClick={() =>
              setMilestones((all) => [
                ...all,
                {
                  title: `Part ${all.length + 1}`,
                  fromEpisode: Math.min(title.episodeCount, (last?.toEpisode ?? 0) + 1),
                  toEpisode: title.episodeCount,
                  dueOn: isoDay((last ? Date.parse(last.dueOn) : Date.now()) + 7 * DAY_MS),
                },
              ])
            }
          >
            <Plus aria-hidden /> Add a milestone
          </Button>
        </fieldset>
      ) : null}
    </FormDialog>
  );
}
