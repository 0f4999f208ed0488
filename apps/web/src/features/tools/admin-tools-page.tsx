// Admin Tools: the audit trail of what administrators changed, and the coming-soon mode. The tab
// is kept in the address (?tab=coming-soon), so that a link opens it.
import { useSearchParams } from "react-router";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AuditTrailTab } from "./audit-trail-tab.tsx";
import { ComingSoonTab } from "./coming-soon-tab.tsx";

const TABS = ["audit", "coming-soon"] as const;
type Tab = (typeof TABS)[number];

export function AdminToolsPage() {
  useDocumentTitle("Admin Tools");
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? "") ? (asked as Tab) : "audit";
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Admin Tools"
        description="Who changed what, and when; and the coming-soon page that can keep the app closed."
      />
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setParams(
            (current) => {
              const updated = new URLSearchParams(current);
              if (next === "audit") updated.delete("tab");
              else updated.set("tab", next);
              return updated;
            },
            { replace: true },
          )
        }
      >
        <TabsList variant="underline" aria-label="Admin tools">
          <TabsTrigger value="audit">Audit trail</TabsTrigger>
          <TabsTrigger value="coming-soon">Coming soon</TabsTrigger>
        </TabsList>
        <TabsContent value="audit">
          <AuditTrailTab />
        </TabsContent>
        <TabsContent value="coming-soon">
          <ComingSoonTab />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
