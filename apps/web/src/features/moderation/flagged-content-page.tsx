// /admin/flagged-content: the moderation queue, the transparency report and the hide thresholds.
// The tab and the queue's filters are kept in the address (?tab=transparency, ?state=decided, …),
// so that a link opens them; the counts in the header are the whole queue's, whatever the filters.
import { queueFiltersOf, queueInputOf } from "@litverse/shared/moderation-queue-filters";
import { ArrowRight } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useTabParam } from "../../lib/use-tab-param.ts";
import { QueueTab } from "./queue-tab.tsx";
import { SettingsTab } from "./settings-tab.tsx";
import { TransparencyTab } from "./transparency-tab.tsx";
import { useModerationQueue } from "./use-moderation-queue.ts";

const TABS = ["queue", "transparency", "settings"] as const;

export function FlaggedContentPage() {
  useDocumentTitle("Flagged Content");
  const [params] = useSearchParams();
  const [tab, setTab] = useTabParam(TABS);
  const filters = queueFiltersOf(params);
  const queue = useModerationQueue(queueInputOf(filters));
  const counts = queue.first.data;

  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Flagged Content"
        description="What readers and notices reported, the most serious first. Every decision sends its author a statement of reasons."
        actions={
          <Button asChild size="sm">
            <Link to="/admin/flagged-content-review">
              Review next
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        }
      />
      <p className="flex flex-wrap gap-2" aria-live="polite" data-testid="queue-counts">
        <Badge variant="brand" className="text-sm">
          {counts ? counts.pendingCount : "…"} waiting for a decision
        </Badge>
        <Badge variant={counts && counts.appealCount > 0 ? "warning" : "neutral"} className="text-sm">
          {counts ? counts.appealCount : "…"} {counts?.appealCount === 1 ? "appeal" : "appeals"} waiting
        </Badge>
      </p>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList variant="underline" aria-label="Flagged content">
          <TabsTrigger value="queue">Queue</TabsTrigger>
          <TabsTrigger value="transparency">Transparency</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="queue">
          <QueueTab filters={filters} queue={queue} />
        </TabsContent>
        <TabsContent value="transparency">
          <TransparencyTab />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
