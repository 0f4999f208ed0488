// A club's polls: single, multiple or ranked choice; results once closed, ranked ones with the rounds
// of the instant-runoff count. Moderators open them.
import type { ClubDetail, ClubPoll, ClubPollKind } from "@litverse/shared/clubs";
import { ArrowDown, ArrowUp, Plus, Vote } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { useCurrentUser } from "../../lib/auth/use-current-user.ts";
import { formatDateTime } from "../../lib/format.ts";
import { ReportMenu } from "../profiles/index.ts";
import { isModeratorOf } from "./club-roles.ts";
import { TitleSearch } from "./title-search.tsx";
import { useClosePoll, useClubPolls, useOpenPoll, useVote } from "./use-club-plans.ts";

const KIND_LABELS: Record<ClubPollKind, string> = {
  single: "One choice",
  multiple: "Several choices",
  ranked: "Ranked choice",
};

export function Polls({ club }: { club: ClubDetail }) {
  const polls = useClubPolls(club._id);
  const [isCreating, setIsCreating] = useState(false);
  return (
    <section aria-labelledby="club-polls">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="club-polls" className="font-semibold">
          Polls
        </h2>
        {isModeratorOf(club) ? (
          <Button size="sm" variant="secondary" onClick={() => setIsCreating(true)}>
            <Plus aria-hidden /> New poll
          </Button>
        ) : null}
      </div>
      {polls.data && polls.data.length > 0 ? (
        <ul className="space-y-3">
          {polls.data.map((poll) => (
            <PollCard key={poll._id} poll={poll} club={club} />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground">
          No polls yet.
        </p>
      )}
      <CreatePollDialog club={club} open={isCreating} onOpenChange={setIsCreating} />
    </section>
  );
}

function PollCard({ poll, club }: { poll: ClubPoll; club: ClubDetail }) {
  const close = useClosePoll(poll._id);
  const me = useCurrentUser();
  const canVote = club.myStatus === "active" && !poll.isClosed;
  const isMine = poll.author !== null && poll.author._id === me.data?._id;
  return (
    <li className="rounded-2xl border border-border bg-card p-4 shadow-sm" data-testid="club-poll">
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          <h3 className="font-medium">{poll.question}</h3>
          <Badge>{KIND_LABELS[poll.kind]}</Badge>
          {poll.isAnonymous ? <Badge>Anonymous</Badge> : null}
        </div>
        {me.data && !isMine ? (
          <ReportMenu
            target={{ kind: "club_poll", id: poll._id }}
            label="More for this poll"
            className="-mt-1 -mr-2 size-8"
          />
        ) : null}
      </div>
      <p className="mt-1 text-xs text-muted-foreground">
        {poll.voterCount} {poll.voterCount === 1 ? "vote" : "votes"} ·{" "}
        {poll.isClosed
          ? `Closed ${formatDateTime(poll.closesAt)}`
          : `Results when it closes, ${formatDateTime(poll.closesAt)}`}
      </p>
      {poll.isClosed ? <PollResults poll={poll} /> : canVote ? <PollBallot poll={poll} /> : null}
      {!poll.isClosed && isModeratorOf(club) ? (
        <Button size="sm" variant="ghost" className="mt-2" onClick={close}>
          Close now
        </Button>
      ) : null}
    </li>
  );
}

function PollBallot({ poll }: { poll: ClubPoll }) {
  const { vote, isVoting } = useVote(poll._id);
  const [choices, setChoices] = useState<string[]>(poll.myChoices);
  const labelOf = (id: string) => poll.options.find((option) => option._id === id)?.label ?? "";
  const toggle = (id: string) =>
    setChoices((all) =>
      poll.kind === "single" ? [id] : all.includes(id) ? all.filter((choice) => choice !== id) : [...all, id],
    );
  const move = (index: number, by: number) =>
    setChoices((all) => {
      const next = [...all];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });
  const hasVoted = poll.myChoices.length > 0;
  return (
    <div className="mt-3">
      <fieldset className="space-y-2">
        <legend className="sr-only">{poll.question}</legend>
        {poll.options.map((option) => (
          <label
            key={option._id}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-brand-500"
          >
            <input
              type={poll.kind === "single" ? "radio" : "checkbox"}
              name={`poll-${poll._id}`}
              checked={choices.includes(option._id)}
              onChange={() => toggle(option._id)}
              className="size-4 accent-brand-600"
            />
            <span className="flex-1">{option.label}</span>
            {poll.kind === "ranked" && choices.includes(option._id) ? (
              <span className="text-xs text-muted-foreground tabular-nums">
                #{choices.indexOf(option._id) + 1}
              </span>
            ) : null}
          </label>
        ))}
      </fieldset>
      {poll.kind === "ranked" && choices.length > 1 ? (
        <ol className="mt-3 space-y-1" aria-label="Your order of preference">
          {choices.map((id, index) => (
            <li key={id} className="flex items-center gap-2 text-sm">
              <span className="w-5 text-muted-foreground tabular-nums">{index + 1}.</span>
              <span className="flex-1 truncate">{labelOf(id)}</span>
              <Button
                size="icon"
                variant="ghost"
                className="size-7"
                aria-label={`Move ${labelOf(id)} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                <ArrowUp aria-hidden />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                className="size-7"
                aria-label={`Move ${labelOf(id)} down`}
                disabled={index === choices.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDown aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      ) : null}
      <Button
        size="sm"
        className="mt-3"
        disabled={choices.length === 0}
        isLoading={isVoting}
        onClick={() => vote(choices)}
      >
        <Vote aria-hidden /> {hasVoted ? "Change vote" : "Vote"}
      </Button>
      {hasVoted ? <span className="ml-3 text-sm text-muted-foreground">You voted.</span> : null}
    </div>
  );
}

function PollResults({ poll }: { poll: ClubPoll }) {
  const total = Math.max(1, ...poll.options.map((option) => option.votes ?? 0));
  const winner = poll.runoff?.winner;
  const labelOf = (id: string) => poll.options.find((option) => option._id === id)?.label ?? "";
  return (
    <div className="mt-3 space-y-2">
      {poll.options.map((option) => (
        <div key={option._id} className="text-sm">
          <div className="flex items-center justify-between gap-3">
            <span className={cn(option._id === winner && "font-semibold")}>
              {option.label}
              {option._id === winner ? " (winner)" : ""}
            </span>
            <span className="text-muted-foreground tabular-nums">{option.votes ?? 0}</span>
          </div>
          <div className="mt-1 h-1.5 rounded-full bg-muted">
            <div
              className="h-full rounded-full bg-brand-600"
              style={{ width: `${((option.votes ?? 0) / total) * 100}%` }}
            />
          </div>
          {option.voters.length > 0 ? (
            <p className="mt-1 text-xs text-muted-foreground">
              {option.voters.map((person) => person.name).join(", ")}
            </p>
          ) : null}
        </div>
      ))}
      {poll.runoff ? (
        <p className="text-xs text-muted-foreground">
          First choices shown. Counted by instant runoff in {poll.runoff.rounds.length}{" "}
          {poll.runoff.rounds.length === 1 ? "round" : "rounds"}
          {poll.runoff.rounds
            .filter((round) => round.eliminated.length > 0)
            .map((round) => `; ${round.eliminated.map(labelOf).join(" and ")} dropped`)
            .join("")}
          {winner ? `. ${labelOf(winner)} won.` : poll.runoff.tied.length ? ". It ended in a tie." : "."}
        </p>
      ) : null}
    </div>
  );
}

interface PollChoice {
  label: string;
  /** A catalogue title, for a poll on the next read. */
  contentId: string | null;
}
const EMPTY_CHOICE: PollChoice = { label: "", contentId: null };

function CreatePollDialog({
  club,
  open,
  onOpenChange,
}: {
  club: ClubDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [question, setQuestion] = useState("");
  const [kind, setKind] = useState<ClubPollKind>("single");
  const [isAnonymous, setIsAnonymous] = useState(false);
  const [days, setDays] = useState("3");
  const [options, setOptions] = useState<PollChoice[]>([EMPTY_CHOICE, EMPTY_CHOICE]);
  const [message, setMessage] = useState<string | null>(null);
  const { open: openPoll, isOpening } = useOpenPoll(club._id);
  const submit = () =>
    openPoll(
      { question, kind, isAnonymous, days, options },
      {
        onOpened: () => {
          onOpenChange(false);
          setQuestion("");
          setOptions([EMPTY_CHOICE, EMPTY_CHOICE]);
          setMessage(null);
        },
        onFailed: (details) => setMessage(details.message),
      },
    );
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New poll"
      description="Nobody sees the results until it closes."
      submitLabel="Open poll"
      onSubmit={submit}
      isPending={isOpening}
      error={message}
    >
      <div className="space-y-4">
        <Field label="Question" required>
          <Input value={question} maxLength={200} onChange={(event) => setQuestion(event.target.value)} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Kind">
            <NativeSelect
              items={(Object.keys(KIND_LABELS) as ClubPollKind[]).map((value) => ({
                value,
                label: KIND_LABELS[value],
              }))}
              value={kind}
              onValueChange={setKind}
            />
          </Field>
          <Field label="Closes in">
            <NativeSelect
              items={["1", "3", "7", "14"].map((value) => ({
                value,
                label: `${value} ${value === "1" ? "day" : "days"}`,
              }))}
              value={days}
              onValueChange={setDays}
            />
          </Field>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Choices</legend>
          {options.map((option, index) => (
            <Input
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the list
              key={index}
              value={option.label}
              maxLength={120}
              readOnly={option.contentId !== null}
              aria-label={`Choice ${index + 1}`}
              onChange={(event) =>
                setOptions((all) =>
                  all.map((item, at) =>
                    at === index ? { label: event.target.value, contentId: null } : item,
                  ),
                )
              }
            />
          ))}
          {options.length < 10 ? (
            <>
              <Button size="sm" variant="ghost" onClick={() => setOptions((all) => [...all, EMPTY_CHOICE])}>
                <Plus aria-hidden /> Add a choice
              </Button>
              <TitleSearch
                label="Add a title as a choice"
                placeholder="Or add a title from the catalogue"
                onPick={(title) =>
                  setOptions((all) => {
                    // The title takes the first empty choice, or a new one.
                    const empty = all.findIndex((item) => !item.label.trim() && !item.contentId);
                    const choice = { label: title.title, contentId: title._id };
                    return empty >= 0
                      ? all.map((item, at) => (at === empty ? choice : item))
                      : [...all, choice];
                  })
                }
              />
            </>
          ) : null}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={isAnonymous}
            onChange={(event) => setIsAnonymous(event.target.checked)}
            className="size-4 accent-brand-600"
          />
          Anonymous: hide who chose what
        </label>
      </div>
    </FormDialog>
  );
}
