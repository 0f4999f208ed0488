// /admin/ads/platform-management, Platform Ads: the team's house ads (no coins; a priority against
// paid ads), making and changing them with the campaign form, and each one's figures
// (?campaign=<id>, so a link opens them).
import type { AdCampaign } from "@litverse/shared/ads";
import { Megaphone, Plus } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { CampaignFormDialog } from "../campaign-form/campaign-form-dialog.tsx";
import { CampaignReportDialog } from "../report/campaign-report-dialog.tsx";
import { PlatformAdCard } from "./platform-ads-card.tsx";
import { useAdminCampaignReport, useHouseAds, useSaveHouseAd } from "./use-platform-ads.ts";

export function PlatformAdsPage() {
  useDocumentTitle("Platform Ads");
  const ads = useHouseAds();
  const save = useSaveHouseAd();
  const [form, setForm] = useState<{ open: boolean; ad: AdCampaign | null }>({ open: false, ad: null });
  const [params, setParams] = useSearchParams();
  const reportId = params.get("campaign");
  const report = useAdminCampaignReport(reportId);
  const showReport = (campaignId: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (campaignId) next.set("campaign", campaignId);
        else next.delete("campaign");
        return next;
      },
      { replace: campaignId === null },
    );
  const newButton = (
    <Button onClick={() => setForm({ open: true, ad: null })}>
      <Plus aria-hidden />
      New house ad
    </Button>
  );
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="Platform Ads"
        description="Our own ads, for titles, clubs, plans or outside pages: no coins, and a priority against paid ads."
        actions={newButton}
      />
      <section aria-labelledby="house-ads-heading" className="space-y-3">
        <h2 id="house-ads-heading" className="text-lg font-semibold">
          House ads{ads.data?.length ? ` (${ads.data.length})` : ""}
        </h2>
        {ads.isError && !ads.data ? (
          <ErrorState
            title="Could not load the house ads"
            error={ads.error}
            onRetry={() => void ads.refetch()}
            isRetrying={ads.isFetching}
          />
        ) : !ads.data ? (
          <div
            className="grid grid-cols-1 gap-3 lg:grid-cols-2"
            role="status"
            aria-label="Loading the house ads"
          >
            {[0, 1].map((key) => (
              <Skeleton key={key} className="h-48 w-full rounded-2xl" />
            ))}
          </div>
        ) : ads.data.length === 0 ? (
          <EmptyState
            as="h3"
            icon={Megaphone}
            title="No house ads yet"
            text="A house ad fills a placement with something of ours: a title to discover, the plans, a page elsewhere."
            action={newButton}
          />
        ) : (
          <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {ads.data.map((ad) => (
              <li key={ad.id}>
                <PlatformAdCard
                  ad={ad}
                  onEdit={() => setForm({ open: true, ad })}
                  onReport={() => showReport(ad.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <CampaignFormDialog
        mode="house"
        campaign={form.ad}
        open={form.open}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
        onSave={save}
      />
      <CampaignReportDialog
        open={reportId !== null}
        onOpenChange={(open) => !open && showReport(null)}
        report={report}
        forTeam
      />
    </Page>
  );
}
