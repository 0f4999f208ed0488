// /admin/newsletter: the newsletter's issues and the outbox (?tab=outbox), or one issue in the
// composer (?issue=<id>, ?issue=new). Without a mail server the messages stay in the outbox, and
// the page says so.
import { MailWarning } from "lucide-react";
import { useSearchParams } from "react-router";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useTabParam } from "../../lib/use-tab-param.ts";
import { ComposerPage } from "./composer/composer-page.tsx";
import { IssuesTab, NewIssueButton } from "./issues-tab.tsx";
import { OutboxTab } from "./outbox/outbox-tab.tsx";
import { useCanManageNewsletter, useNewsletterOverview } from "./use-newsletter.ts";

const TABS = ["issues", "outbox"] as const;

export function NewsletterPage() {
  const [params, setParams] = useSearchParams();
  const issueParam = params.get("issue");
  const overview = useNewsletterOverview();
  if (issueParam) {
    return (
      <ComposerPage
        issueParam={issueParam}
        overview={overview.data}
        onCreated={(issueId) => setParams({ issue: issueId }, { replace: true })}
      />
    );
  }
  return <NewsletterHome overview={overview} />;
}

function NewsletterHome({ overview }: { overview: ReturnType<typeof useNewsletterOverview> }) {
  useDocumentTitle("Newsletter");
  const [tab, setTab] = useTabParam(TABS);
  const canManage = useCanManageNewsletter();
  const data = overview.data;

  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Newsletter"
        description="Issues for the readers who opted in, and every message the platform sends."
        actions={canManage ? <NewIssueButton /> : null}
      />
      {data?.outboxOnly ? (
        <p
          className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-400/10 dark:text-amber-100"
          data-testid="outbox-only"
        >
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
          No mail server is set (SMTP_URL): messages stay in the outbox below.
        </p>
      ) : null}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList variant="underline" aria-label="Newsletter">
          <TabsTrigger value="issues">Issues</TabsTrigger>
          <TabsTrigger value="outbox">Outbox</TabsTrigger>
        </TabsList>
        <TabsContent value="issues">
          {overview.isError && !data ? (
            <ErrorState
              title="Could not load the newsletter"
              error={overview.error}
              onRetry={() => void overview.refetch()}
              isRetrying={overview.isFetching}
            />
          ) : !data ? (
            <div role="status" aria-label="Loading the issues" className="space-y-3">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-64 w-full rounded-xl" />
            </div>
          ) : (
            <IssuesTab overview={data} canManage={canManage} />
          )}
        </TabsContent>
        <TabsContent value="outbox">
          <OutboxTab timeZone={data?.settings.timeZone} />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
