// /admin/admin-permissions (superadmins): what each administrator may do, section by section, and
// the templates they are given. Both lists are live. The tab is in the address.
import { useSearchParams } from "react-router";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { PeopleTab } from "./people-tab.tsx";
import { TemplatesTab } from "./templates-tab.tsx";

const TABS = ["people", "templates"] as const;
type Tab = (typeof TABS)[number];

export function AdminPermissionsPage() {
  useDocumentTitle("Admin Permissions");
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const tab: Tab = (TABS as readonly string[]).includes(tabParam ?? "") ? (tabParam as Tab) : "people";
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Admin Permissions"
        description="Permissions narrow what an admin may do: each section at none, view or manage. Superadmins may always do everything."
      />
      <Tabs value={tab} onValueChange={(next) => setParams(next === "people" ? {} : { tab: next })}>
        <TabsList variant="underline" aria-label="Permissions sections">
          <TabsTrigger value="people">People</TabsTrigger>
          <TabsTrigger value="templates">Templates</TabsTrigger>
        </TabsList>
        <TabsContent value="people">
          <PeopleTab />
        </TabsContent>
        <TabsContent value="templates">
          <TemplatesTab />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
