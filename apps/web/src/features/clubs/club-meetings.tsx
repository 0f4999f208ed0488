// A club's meetings: each member sees the time in their own time zone, answers, and can add it to a
// calendar. Moderators plan them.
import { CLUB_RSVPS, type ClubDetail, type ClubMeeting, type ClubRsvp } from "@litverse/shared/clubs";
import { CalendarPlus, MapPin, Plus, Trash2, Video } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog, useFormErrors } from "../../components/ui/form-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { downloadFile } from "../../lib/download-file.ts";
import { toastError } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { isModeratorOf } from "./club-roles.ts";
import { meetingCalendarFile } from "./meeting-calendar.ts";
import { useClubMeetings, useMeetingActions, usePlanMeeting, useTimeZone } from "./use-club-plans.ts";

const RSVP_LABELS: Record<ClubRsvp, string> = { going: "Going", maybe: "Maybe", not_going: "Not going" };

export function Meetings({ club }: { club: ClubDetail }) {
  const meetings = useClubMeetings(club._id);
  const [isPlanning, setIsPlanning] = useState(false);
  const timeZone = useTimeZone();
  return (
    <section aria-labelledby="club-meetings">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="club-meetings" className="font-semibold">
          Meetings
        </h2>
        {isModeratorOf(club) ? (
          <Button size="sm" variant="secondary" onClick={() => setIsPlanning(true)}>
            <Plus aria-hidden /> Plan a meeting
          </Button>
        ) : null}
      </div>
      {meetings.data && meetings.data.length > 0 ? (
        <ul className="space-y-3">
          {meetings.data.map((meeting) => (
            <MeetingCard key={meeting._id} meeting={meeting} club={club} timeZone={timeZone} />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground">
          No meetings planned.
        </p>
      )}
      <PlanMeetingDialog club={club} open={isPlanning} onOpenChange={setIsPlanning} />
    </section>
  );
}

function MeetingCard({
  meeting,
  club,
  timeZone,
}: {
  meeting: ClubMeeting;
  club: ClubDetail;
  timeZone: string;
}) {
  const { answer, cancel } = useMeetingActions(meeting._id);
  const isMember = club.myStatus === "active";
  return (
    <li className="rounded-2xl border border-border bg-card p-4 shadow-sm" data-testid="club-meeting">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-medium">{meeting.title}</h3>
          <p className="text-sm">
            {formatDateTime(meeting.startsAt, timeZone)}{" "}
            <span className="text-muted-foreground">
              ({timeZone.replaceAll("_", " ")}, {meeting.durationMinutes} min)
            </span>
          </p>
          {meeting.place ? (
            <p className="mt-1 inline-flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="size-4" aria-hidden /> {meeting.place}
            </p>
          ) : null}
          {meeting.onlineUrl ? (
            <p className="mt-1 text-sm">
              <a
                href={meeting.onlineUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-brand-700 hover:underline dark:text-brand-400"
              >
                <Video className="size-4" aria-hidden /> Join online
              </a>
            </p>
          ) : null}
        </div>
        {isModeratorOf(club) ? (
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="icon" className="size-8" aria-label={`Cancel ${meeting.title}`}>
                <Trash2 aria-hidden />
              </Button>
            }
            title="Cancel this meeting?"
            confirmLabel="Cancel meeting"
            cancelLabel="Keep it"
            onConfirm={cancel}
          />
        ) : null}
      </div>
      <p className="mt-2 text-sm text-muted-foreground">
        {meeting.counts.going} going
        {meeting.going.length > 0 ? ` (${meeting.going.map((person) => person.name).join(", ")})` : ""} ·{" "}
        {meeting.counts.maybe} maybe
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {isMember
          ? CLUB_RSVPS.map((response) => (
              <Button
                key={response}
                size="sm"
                variant={meeting.myRsvp === response ? "primary" : "secondary"}
                aria-pressed={meeting.myRsvp === response}
                onClick={() => answer(response)}
              >
                {RSVP_LABELS[response]}
              </Button>
            ))
          : null}
        <Button
          size="sm"
          variant="ghost"
          onClick={() =>
            void meetingCalendarFile(meeting, club.name, `${window.location.origin}/clubs/${club._id}`)
              .then((file) => downloadFile(file, "meeting.ics"))
              .catch((error: unknown) => toastError(error))
          }
        >
          <CalendarPlus aria-hidden /> Add to calendar
        </Button>
      </div>
    </li>
  );
}

/** "2026-12-01T19:00", a week from now at 19:00 local time, for the datetime-local field. */
function nextWeekEvening(): string {
  const date = new Date(Date.now() + 7 * 86_400_000);
  date.setHours(19, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T19:00`;
}

function PlanMeetingDialog({
  club,
  open,
  onOpenChange,
}: {
  club: ClubDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [title, setTitle] = useState("");
  const [startsAt, setStartsAt] = useState(nextWeekEvening);
  const [duration, setDuration] = useState("60");
  const [onlineUrl, setOnlineUrl] = useState("");
  const [place, setPlace] = useState("");
  const { errors, message, show: showErrors, clear: clearErrors } = useFormErrors();
  const { plan, isPlanning } = usePlanMeeting(club._id);
  const submit = () =>
    plan(
      { title, startsAt, duration, onlineUrl, place },
      {
        onPlanned: () => {
          onOpenChange(false);
          setTitle("");
          setOnlineUrl("");
          setPlace("");
          clearErrors();
        },
        onFailed: showErrors,
      },
    );
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Plan a meeting"
      description="Members see the time in their own time zone."
      submitLabel="Plan meeting"
      onSubmit={submit}
      isPending={isPlanning}
      error={message}
    >
      <div className="space-y-4">
        <Field label="What" error={errors.title} required>
          <Input value={title} maxLength={120} onChange={(event) => setTitle(event.target.value)} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <Field label="When" error={errors.startsAt} required>
            <Input
              type="datetime-local"
              value={startsAt}
              onChange={(event) => setStartsAt(event.target.value)}
            />
          </Field>
          <Field label="How long">
            <NativeSelect
              items={["30", "45", "60", "90", "120"].map((value) => ({ value, label: `${value} minutes` }))}
              value={duration}
              onValueChange={setDuration}
            />
          </Field>
        </div>
        <Field label="Online link" hint="https://…" error={errors.onlineUrl}>
          <Input type="url" value={onlineUrl} onChange={(event) => setOnlineUrl(event.target.value)} />
        </Field>
        <Field label="Place" error={errors.place}>
          <Input value={place} maxLength={200} onChange={(event) => setPlace(event.target.value)} />
        </Field>
      </div>
    </FormDialog>
  );
}
