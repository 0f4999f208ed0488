// Manage Content: every title in a table, a new title or an import to start one, and the imports
// running now. With ?content=<id> the page is that title's editor instead.
import { Upload } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { ContentList } from "./content-list.tsx";
import { ImportDialog } from "./import-dialog.tsx";
import { ImportsPanel } from "./imports-panel.tsx";
import { NewTitleDialog } from "./new-title-dialog.tsx";
import { TitleEditor } from "./title-editor.tsx";

export function ContentManagementPage() {
  const [params] = useSearchParams();
  const contentId = params.get("content");
  if (contentId) return <TitleEditor key={contentId} contentId={contentId} />;
  return <ContentOverview />;
}

function ContentOverview() {
  const [isImporting, setIsImporting] = useState(false);
  useDocumentTitle("Manage Content");
  return (
    <Page width="wide" className="space-y-8 py-8">
      <PageHeader
        title="Manage Content"
        description={
          <>
            Titles, episodes, imports and prices. The home page's shelves are on{" "}
            <Link
              to="/admin/content-curation"
              className="font-medium text-brand-600 hover:underline dark:text-brand-400"
            >
              Content Curation
            </Link>
            .
          </>
        }
        actions={
          <>
            <NewTitleDialog />
            <Button variant="secondary" onClick={() => setIsImporting(true)}>
              <Upload aria-hidden />
              Import files
            </Button>
          </>
        }
      />
      <ImportsPanel />
      <ContentList />
      <ImportDialog open={isImporting} onOpenChange={setIsImporting} />
    </Page>
  );
}
