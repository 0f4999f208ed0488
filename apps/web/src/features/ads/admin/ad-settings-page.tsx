// /admin/ads/settings: where ads may show and how often, what they cost advertisers, how often
// the reels feed shows one, and which plans see none. Those who may only view the ads section
// see the settings without changing them.
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { AdSettingsForm } from "./ad-settings-form.tsx";
import { useCanManageAds } from "./use-ad-review.ts";
import { useAdSettings } from "./use-ad-settings.ts";

export function AdSettingsPage() {
  useDocumentTitle("Ad Settings");
  const query = useAdSettings();
  const canManage = useCanManageAds();
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Ad Settings"
        description="Where ads show, how many each person sees, and what advertisers pay. New prices apply to campaigns submitted from now on; those already submitted keep the price they agreed to."
      />
      {query.isError && !query.settings ? (
        <ErrorState
          title="Could not load the settings"
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : !query.settings ? (
        <div className="space-y-4" role="status" aria-label="Loading the settings">
          <Skeleton className="h-96 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      ) : (
        // Keyed by what was loaded: saved settings coming back start the form afresh.
        <AdSettingsForm
          key={JSON.stringify(query.settings)}
          settings={query.settings}
          canManage={canManage}
        />
      )}
    </Page>
  );
}
