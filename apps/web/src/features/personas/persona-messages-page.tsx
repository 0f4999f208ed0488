// /admin/fictitious-users/:userId/messages: a persona's inbox, live. The persona and what replying
// as it means on top; below, its conversations and the one chosen (?with=<partnerId>), side by
// side on wide screens and one at a time on a phone, in the look of the reader's own messages.
import type { PersonSummary } from "@litverse/shared/people";
import { TEAM_PERSONA_LABEL } from "@litverse/shared/personas";
import { ArrowLeft, MessageCircle, ShieldCheck } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { PersonAvatar } from "../../components/people/person-avatar.tsx";
import { TeamBadge } from "../../components/people/team-badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { errorCode } from "../../lib/errors.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { PersonaInboxList } from "./persona-inbox-list.tsx";
import { PersonaThread } from "./persona-thread.tsx";
import { profilePathOf } from "./persona-values.ts";
import { usePersonaInbox } from "./use-persona-messages.ts";

const LIST_PATH = "/admin/fictitious-users";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function PersonaMessagesPage({ personaId }: { personaId: string }) {
  useDocumentTitle("Persona Messages");
  const [params] = useSearchParams();
  const wanted = params.get("with");
  const partnerId = wanted && UUID.test(wanted) ? wanted : null;
  const inbox = usePersonaInbox(personaId);

  if (inbox.isPending) {
    return (
      <Page width="wide" className="space-y-4 py-6" role="status" aria-label="Loading the persona's messages">
        <Skeleton className="h-16 w-full max-w-xl" />
        <Skeleton className="h-96 w-full" />
      </Page>
    );
  }
  if (inbox.isError) {
    const isMissing = ["NOT_FOUND", "BAD_REQUEST"].includes(errorCode(inbox.error) ?? "");
    return (
      <Page width="wide" className="space-y-6 py-8">
        <h1 className="text-2xl font-bold sm:text-3xl">Persona Messages</h1>
        <ErrorState
          title={isMissing ? "There is no such persona" : "Could not load the persona's messages"}
          error={inbox.error}
          onRetry={isMissing ? undefined : () => void inbox.refetch()}
        />
        <Button asChild variant="secondary">
          <Link to={LIST_PATH}>
            <ArrowLeft aria-hidden />
            All personas
          </Link>
        </Button>
      </Page>
    );
  }

  const { persona } = inbox.data;
  return (
    <Page width="wide" gutter={false} className="flex h-shell-page flex-col gap-3 sm:px-6 sm:py-4">
      <PersonaHeader persona={persona} isCompact={partnerId !== null} />
      <div className="flex min-h-0 flex-1 gap-4">
        <section
          aria-label="Conversations"
          className={cn(
            "min-h-0 w-full flex-col border-border bg-card sm:rounded-2xl sm:border lg:flex lg:w-96 lg:shrink-0",
            partnerId ? "hidden" : "flex",
          )}
        >
          <PersonaInboxList inbox={inbox.data} activePartnerId={partnerId} />
        </section>
        <section
          aria-label="Conversation"
          className={cn(
            "min-h-0 flex-1 flex-col border-border bg-card sm:rounded-2xl sm:border",
            partnerId ? "flex" : "hidden lg:flex",
          )}
        >
          {partnerId ? (
            <PersonaThread key={partnerId} personaId={personaId} partnerId={partnerId} />
          ) : (
            <div className="flex flex-1 items-center justify-center p-6">
              <EmptyState
                icon={MessageCircle}
                as="h2"
                title="Choose a conversation"
                text={`Readers' messages to ${persona.name} arrive in the list as they are sent.`}
                className="border-0"
              />
            </div>
          )}
        </section>
      </div>
    </Page>
  );
}

/**
 * The persona the team writes as, and what that means. On a phone with a conversation open only
 * the persona's line shows, to leave the thread its room.
 */
function PersonaHeader({ persona, isCompact }: { persona: PersonSummary; isCompact: boolean }) {
  return (
    <header className="flex flex-col gap-2 px-4 pt-3 sm:px-0 sm:pt-0">
      <nav
        aria-label="Breadcrumb"
        className={cn("text-sm text-muted-foreground", isCompact && "max-lg:hidden")}
      >
        <Link to={LIST_PATH} className="inline-flex items-center gap-1 hover:text-foreground hover:underline">
          <ArrowLeft className="size-4" aria-hidden />
          Fictitious Users
        </Link>
      </nav>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Link to={profilePathOf(persona)} className="flex min-w-0 items-center gap-3 rounded-lg">
          <PersonAvatar person={persona} size={isCompact ? "sm" : "md"} />
          <span className="min-w-0">
            <h1 className={cn("text-xl font-bold sm:text-2xl", isCompact ? "line-clamp-1" : "line-clamp-2")}>
              {persona.name}
            </h1>
            <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <TeamBadge person={persona} />
              {persona.handle ? <span className="break-all">@{persona.handle}</span> : null}
            </span>
          </span>
        </Link>
        <p
          className={cn(
            "flex min-w-0 flex-1 basis-72 items-start gap-2 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-800 dark:bg-brand-500/10 dark:text-brand-100",
            isCompact && "max-lg:hidden",
          )}
          data-testid="persona-notice"
        >
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            Replies go out as {persona.name}, and each one records who on the team answered. Readers see the “
            {TEAM_PERSONA_LABEL}” label.
          </span>
        </p>
      </div>
    </header>
  );
}
