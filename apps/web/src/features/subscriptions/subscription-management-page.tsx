// Subscriptions (superadmins): the plans, the coin packages (the payments area's panel) and the
// subscribers. The tab is in the address (`?tab=subscribers`), so it survives a reload and back.
import { useSearchParams } from "react-router";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { CoinPackagesPanel } from "../coins/index.ts";
import { PlansPanel } from "./plans-panel.tsx";
import { SubscribersPanel } from "./subscribers-panel.tsx";

const TABS = ["plans", "coin-packages", "subscribers"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  plans: "Plans",
  "coin-packages": "Coin packages",
  subscribers: "Subscribers",
};

export function SubscriptionManagementPage() {
  useDocumentTitle("Subscriptions");
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : "plans";
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Subscriptions"
        description="Plans readers subscribe to, the coin packages they buy, and who subscribes."
      />
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === "plans" ? {} : { tab: value }, { replace: true })}
      >
        <TabsList variant="underline" aria-label="Subscriptions">
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {TAB_LABELS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="plans">
          <PlansPanel />
        </TabsContent>
        <TabsContent value="coin-packages">
          <CoinPackagesPanel />
        </TabsContent>
        <TabsContent value="subscribers">
          <SubscribersPanel />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
