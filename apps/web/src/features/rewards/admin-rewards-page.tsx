// /admin/rewards: the reward rules (check-in cycle, streak milestones, league prizes, XP per source
// and its daily cap), the badges, and the coins granted, each revocable. The tab is in the address.
import { useSearchParams } from "react-router";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { BadgesTab } from "./admin-badges-tab.tsx";
import { GrantsTab } from "./admin-grants-tab.tsx";
import { RulesTab } from "./admin-rules-tab.tsx";

const TABS = ["rules", "badges", "grants"] as const;
type Tab = (typeof TABS)[number];

export function AdminRewardsPage() {
  useDocumentTitle("Rewards");
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const tab: Tab = (TABS as readonly string[]).includes(tabParam ?? "") ? (tabParam as Tab) : "rules";
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Rewards"
        description="What check-ins, streaks, leagues and reading are worth; the badges; and every coin granted."
      />
      <Tabs value={tab} onValueChange={(next) => setParams(next === "rules" ? {} : { tab: next })}>
        <TabsList variant="underline" aria-label="Rewards sections">
          <TabsTrigger value="rules">Rules</TabsTrigger>
          <TabsTrigger value="badges">Badges</TabsTrigger>
          <TabsTrigger value="grants">Grants</TabsTrigger>
        </TabsList>
        <TabsContent value="rules">
          <RulesTab />
        </TabsContent>
        <TabsContent value="badges">
          <BadgesTab />
        </TabsContent>
        <TabsContent value="grants">
          <GrantsTab />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
