// One title, everything about it: details, cover, publication, episodes, and imports adding to it.
// Live, so two admins on the same title see each other's changes.
import { ArrowLeft, ExternalLink, FileQuestion, ListPlus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { AccessBadge } from "../../components/catalogue/access-badge.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { errorCode } from "../../lib/errors.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { CoverPanel } from "./cover-panel.tsx";
import { EpisodesTable } from "./episodes-table.tsx";
import { ImportDialog } from "./import-dialog.tsx";
import { ImportsPanel } from "./imports-panel.tsx";
import { CONTENT_TYPE_LABELS, PUBLICATION_LABELS } from "./labels.ts";
import { MetadataForm } from "./metadata-form.tsx";
import { MonetizationPanel } from "./monetization-panel.tsx";
import { useAdminTitle, useDeleteTitle } from "./use-title.ts";

const LIST_PATH = "/admin/content-management";

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

function BackLink() {
  return (
    <Link
      to={LIST_PATH}
      className="inline-flex items-center gap-1 font-medium hover:text-foreground hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden />
      All titles
    </Link>
  );
}

export function TitleEditor({ contentId }: { contentId: string }) {
  const navigate = useNavigate();
  const isValidId = isUuid(contentId);
  const query = useAdminTitle(contentId, isValidId);
  const [isImporting, setIsImporting] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const deleteTitle = useDeleteTitle();
  const detail = query.data;
  useDocumentTitle(detail ? `${detail.title} · Manage Content` : "Manage Content");

  // Also when the title was there and someone deleted it meanwhile.
  if (!isValidId || errorCode(query.error) === "NOT_FOUND") {
    return (
      <Page width="wide" className="space-y-6 py-8">
        <PageHeader title="Title not found" eyebrow={<BackLink />} />
        <EmptyState
          icon={FileQuestion}
          title="This title does not exist"
          text="It may have been deleted, or the link is wrong."
          action={
            <Button asChild>
              <Link to={LIST_PATH}>Back to all titles</Link>
            </Button>
          }
        />
      </Page>
    );
  }
  if (!detail) {
    return (
      <Page width="wide" className="space-y-6 py-8">
        {query.isError ? (
          <>
            <PageHeader title="Manage Content" eyebrow={<BackLink />} />
            <ErrorState
              title="Could not load the title"
              error={query.error}
              onRetry={() => void query.refetch()}
              isRetrying={query.isFetching}
            />
          </>
        ) : (
          <EditorSkeleton />
        )}
      </Page>
    );
  }

  const episodeCount = detail.totalEpisodes;
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        eyebrow={<BackLink />}
        title={detail.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>{detail.author}</span>
            <span aria-hidden>·</span>
            <span>{CONTENT_TYPE_LABELS[detail.contentType]}</span>
            <Badge variant={detail.status === "published" ? "success" : "neutral"}>
              {PUBLICATION_LABELS[detail.status]}
            </Badge>
            <AccessBadge accessType={detail.accessType} />
          </span>
        }
        actions={
          <>
            <Button variant="secondary" asChild>
              <Link to={`/content/${detail._id}`}>
                <ExternalLink aria-hidden />
                View as reader
              </Link>
            </Button>
            <Button variant="secondary" onClick={() => setIsImporting(true)}>
              <ListPlus aria-hidden />
              Add episodes
            </Button>
            <Button variant="danger" onClick={() => setIsDeleting(true)}>
              <Trash2 aria-hidden />
              Delete title
            </Button>
          </>
        }
      />

      <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <CoverPanel detail={detail} />
        <MetadataForm key={detail._id} detail={detail} />
      </div>

      <MonetizationPanel key={`unlocks:${detail._id}`} detail={detail} />

      <ImportsPanel contentId={detail._id} title="Imports of this title" />

      <EpisodesTable detail={detail} onAddEpisodes={() => setIsImporting(true)} />

      <ImportDialog
        open={isImporting}
        onOpenChange={setIsImporting}
        target={{ contentId: detail._id, title: detail.title, contentType: detail.contentType }}
      />
      <ConfirmDialog
        open={isDeleting}
        onOpenChange={setIsDeleting}
        title={`Delete ${detail.title}?`}
        description={`This removes its ${episodeCount} ${episodeCount === 1 ? "episode" : "episodes"} and their files. It cannot be undone.`}
        confirmLabel="Delete title"
        errorFallback="Could not delete the title."
        onConfirm={async () => {
          await deleteTitle(detail);
          navigate(LIST_PATH, { replace: true });
        }}
      />
    </Page>
  );
}

function EditorSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading the title">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-9 w-72 max-w-full" />
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <Skeleton className="h-80 w-full rounded-2xl" />
        <Skeleton className="h-96 w-full rounded-2xl" />
      </div>
      <Skeleton className="h-64 w-full rounded-2xl" />
    </div>
  );
}
