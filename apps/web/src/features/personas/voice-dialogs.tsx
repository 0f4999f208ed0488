// What the team says as a persona outside its messages: a post in a club (a public one is joined
// first) and a comment under a reel. Both are checked with the server's schemas before sending,
// and readers see them with the "Litverse team" label.
import { CLUB_POST_MAX_LENGTH } from "@litverse/shared/clubs";
import type { PersonSummary } from "@litverse/shared/people";
import { personaClubPostInput, personaReelCommentInput } from "@litverse/shared/personas-inputs";
import { REEL_COMMENT_MAX_LENGTH } from "@litverse/shared/reels";
import { type FormEvent, useState } from "react";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { describeError } from "../../lib/errors.ts";
import type { FieldErrors } from "../../lib/form-errors.ts";
import { fieldErrorsOf, reelIdOf } from "./persona-values.ts";
import { useCommentAsPersona, usePersonaClubs, usePostAsPersona } from "./use-personas.ts";

const NO_CLUB = "";

export function ClubPostDialog({ person, onClose }: { person: PersonSummary; onClose: () => void }) {
  const clubs = usePersonaClubs(person._id, true);
  const [clubId, setClubId] = useState(NO_CLUB);
  const [body, setBody] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const { post, isPending } = usePostAsPersona();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = personaClubPostInput.safeParse({
      personaId: person._id,
      clubId: clubId || undefined,
      body,
    });
    const found: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (clubId === NO_CLUB) found.clubId = ["Choose a club."];
    if (!parsed.success || Object.keys(found).length > 0) return setErrors(found);
    setErrors({});
    await post(parsed.data, { onSaved: onClose, onFailed: setErrors });
  };

  const chosen = clubs.data?.find((club) => club._id === clubId);
  const items = [
    { value: NO_CLUB, label: "Choose a club", disabled: true },
    ...(clubs.data ?? []).map((club) => ({
      value: club._id,
      label: club.isMember ? `${club.name} (member)` : club.name,
    })),
  ];
  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open && !isPending) onClose();
      }}
      title={`Post in a club as ${person.name}`}
      description="Members see the post with the “Litverse team” label."
      submitLabel="Post"
      isPending={isPending}
      isCancelDisabled={isPending}
      canSubmit={!clubs.isPending && !clubs.isError}
      error={errors.form?.[0] ?? errors.personaId?.[0] ?? errors.parentId?.[0]}
      form={{ id: `club-post-${person._id}`, className: "space-y-4", onSubmit: submit }}
    >
      {clubs.isPending ? (
        <div role="status" aria-label="Loading clubs">
          <Skeleton className="h-16 w-full" />
        </div>
      ) : clubs.isError ? (
        <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
          {describeError(clubs.error, "Could not load the clubs.").message}
        </p>
      ) : clubs.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">There is no public club to post in yet.</p>
      ) : (
        <Field
          label="Club"
          required
          error={errors.clubId}
          hint={
            chosen && !chosen.isMember
              ? `${person.name} joins this public club first.`
              : "Public clubs, and those the persona belongs to."
          }
        >
          <NativeSelect items={items} value={clubId} onValueChange={setClubId} />
        </Field>
      )}
      <Field label="Post" required hint={`${body.length} / ${CLUB_POST_MAX_LENGTH}`} error={errors.body}>
        <Textarea
          value={body}
          onChange={(event) => setBody(event.target.value)}
          maxLength={CLUB_POST_MAX_LENGTH}
          rows={5}
        />
      </Field>
    </FormDialog>
  );
}

export function ReelCommentDialog({ person, onClose }: { person: PersonSummary; onClose: () => void }) {
  const [reel, setReel] = useState("");
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const { comment, isPending } = useCommentAsPersona();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reelId = reelIdOf(reel);
    const parsed = personaReelCommentInput.safeParse({
      personaId: person._id,
      reelId: reelId ?? undefined,
      text,
    });
    const found: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (!reelId) found.reelId = ["Paste a reel's link (/reels?reel=…) or its id."];
    if (!parsed.success || Object.keys(found).length > 0) return setErrors(found);
    setErrors({});
    await comment(parsed.data, { onSaved: onClose, onFailed: setErrors });
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open && !isPending) onClose();
      }}
      title={`Comment on a reel as ${person.name}`}
      description="Viewers see the comment with the “Litverse team” label."
      submitLabel="Comment"
      isPending={isPending}
      isCancelDisabled={isPending}
      error={errors.form?.[0] ?? errors.personaId?.[0] ?? errors.parentId?.[0]}
      form={{ id: `reel-comment-${person._id}`, className: "space-y-4", onSubmit: submit }}
    >
      <Field label="Reel" required hint="Its link, such as /reels?reel=…, or its id." error={errors.reelId}>
        <Input
          value={reel}
          onChange={(event) => setReel(event.target.value)}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
        />
      </Field>
      <Field
        label="Comment"
        required
        hint={`${text.length} / ${REEL_COMMENT_MAX_LENGTH}`}
        error={errors.text}
      >
        <Textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={REEL_COMMENT_MAX_LENGTH}
          rows={3}
        />
      </Field>
    </FormDialog>
  );
}
