// /admin/fictitious-users: the community personas the team runs in the open, newest first, each
// with its inbox at a glance and what the team does as it. Live: a reader writing to a persona
// moves its figures at once.
import { TEAM_PERSONA_LABEL, type TeamPersona } from "@litverse/shared/personas";
import { Plus, UserRoundPlus } from "lucide-react";
import { useState } from "react";
import { useNow } from "../../components/people/use-now.ts";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { type PersonaAction, PersonaCard } from "./persona-card.tsx";
import { PersonaDialog } from "./persona-dialog.tsx";
import { PictureDialog } from "./picture-dialog.tsx";
import { usePersonas } from "./use-personas.ts";
import { ClubPostDialog, ReelCommentDialog } from "./voice-dialogs.tsx";

/** The dialog open on the page: a new persona, or an action on one. */
type OpenDialog = { kind: "new" } | { kind: PersonaAction; persona: TeamPersona } | null;

export function PersonasPage() {
  useDocumentTitle("Fictitious Users");
  const personas = usePersonas();
  const now = useNow(true, 30_000);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const newButton = (
    <Button onClick={() => setDialog({ kind: "new" })}>
      <Plus aria-hidden />
      New persona
    </Button>
  );

  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Fictitious Users"
        description={`Community personas the team runs in the open, such as a reading guide or a club host. Nobody signs in as one: team members with support access write as it, and each is labelled “${TEAM_PERSONA_LABEL}” everywhere it appears.`}
        actions={newButton}
      />
      {personas.isPending ? (
        <div role="status" aria-label="Loading personas" className="grid gap-4 lg:grid-cols-2">
          {[0, 1].map((index) => (
            <Skeleton key={index} className="h-64 w-full rounded-2xl" />
          ))}
        </div>
      ) : personas.isError ? (
        <ErrorState
          title="Could not load the personas"
          error={personas.error}
          onRetry={() => void personas.refetch()}
          isRetrying={personas.isFetching}
        />
      ) : personas.data.length === 0 ? (
        <EmptyState
          icon={UserRoundPlus}
          title="No personas yet"
          text={`Make one to welcome readers, host a club or answer questions, always under the “${TEAM_PERSONA_LABEL}” label.`}
          action={newButton}
        />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Personas">
          {personas.data.map((persona) => (
            <li key={persona.person._id} className="flex">
              <PersonaCard persona={persona} now={now} onAction={(kind) => setDialog({ kind, persona })} />
            </li>
          ))}
        </ul>
      )}
      {dialog?.kind === "new" ? <PersonaDialog onClose={close} /> : null}
      {dialog?.kind === "edit" ? <PersonaDialog persona={dialog.persona} onClose={close} /> : null}
      {dialog?.kind === "picture" ? <PictureDialog person={dialog.persona.person} onClose={close} /> : null}
      {dialog?.kind === "post" ? <ClubPostDialog person={dialog.persona.person} onClose={close} /> : null}
      {dialog?.kind === "comment" ? (
        <ReelCommentDialog person={dialog.persona.person} onClose={close} />
      ) : null}
    </Page>
  );
}
