// /settings/safety: the reports one sent and what became of them, and the decisions about one's own
// content, each with its statement of reasons and the way to appeal it.
import { Scale } from "lucide-react";
import { Link } from "react-router";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { MyDecisions } from "./my-decisions.tsx";
import { MyReports } from "./my-reports.tsx";

export function SafetyPage() {
  useDocumentTitle("Safety");
  return (
    <Page width="reading" className="space-y-6 py-8">
      <PageHeader
        title="Safety"
        description="The reports you sent, and what our moderators decided about your own posts and profile."
      />
      <MyDecisions />
      <MyReports />
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Scale className="size-4 shrink-0" aria-hidden />
        <span>
          Something illegal?{" "}
          <Link
            to="/report-illegal-content"
            className="font-medium text-brand-700 underline dark:text-brand-100"
          >
            Report illegal content
          </Link>{" "}
          with a notice, signed in or not.
        </span>
      </p>
    </Page>
  );
}
