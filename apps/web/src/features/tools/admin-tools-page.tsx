// Admin Tools: the audit trail of what administrators changed, the coming-soon mode, and the
// operations tabs (background jobs, the coin ledger's check, rebuilds and storage). The tab is kept
// in the address (?tab=coming-soon, ?tab=jobs, …), so that a link opens it.
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useTabParam } from "../../lib/use-tab-param.ts";
import { AuditTrailTab } from "./audit-trail-tab.tsx";
import { ComingSoonTab } from "./coming-soon-tab.tsx";
import { JobsTab } from "./jobs-tab.tsx";
import { LedgerTab } from "./ledger-tab.tsx";
import { MaintenanceTab } from "./maintenance-tab.tsx";

const TABS = ["audit", "coming-soon", "jobs", "ledger", "maintenance"] as const;

export function AdminToolsPage() {
  useDocumentTitle("Admin Tools");
  const [tab, setTab] = useTabParam(TABS);
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Admin Tools"
        description="Who changed what, and when; the coming-soon page that can keep the app closed; background jobs, the coin ledger's check, rebuilds and storage."
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList variant="underline" aria-label="Admin tools">
          <TabsTrigger value="audit">Audit trail</TabsTrigger>
          <TabsTrigger value="coming-soon">Coming soon</TabsTrigger>
          <TabsTrigger value="jobs">Jobs</TabsTrigger>
          <TabsTrigger value="ledger">Ledger check</TabsTrigger>
          <TabsTrigger value="maintenance">Maintenance</TabsTrigger>
        </TabsList>
        <TabsContent value="audit">
          <AuditTrailTab />
        </TabsContent>
        <TabsContent value="coming-soon">
          <ComingSoonTab />
        </TabsContent>
        <TabsContent value="jobs">
          <JobsTab />
        </TabsContent>
        <TabsContent value="ledger">
          <LedgerTab />
        </TabsContent>
        <TabsContent value="maintenance">
          <MaintenanceTab />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
