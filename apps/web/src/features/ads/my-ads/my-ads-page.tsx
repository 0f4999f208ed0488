// /ads/my-ads, My Ads: the reader's wallet and campaigns, newest first, with the form for a new
// one or a change, and a campaign's figures (?campaign=<id>, so a link opens them).
import type { AdCampaign } from "@litverse/shared/ads";
import { Coins, Megaphone, Plus } from "lucide-react";
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
import { useAdOptions } from "../campaign-form/use-ad-options.ts";
import { CampaignReportDialog } from "../report/campaign-report-dialog.tsx";
import { CampaignCard } from "./campaign-card.tsx";
import { useCampaignReport, useMyCampaigns, useSaveCampaign } from "./use-my-ads.ts";

export function MyAdsPage() {
  useDocumentTitle("My Ads");
  const campaigns = useMyCampaigns();
  const options = useAdOptions();
  const save = useSaveCampaign();
  const [form, setForm] = useState<{ open: boolean; campaign: AdCampaign | null }>({
    open: false,
    campaign: null,
  });
  const [params, setParams] = useSearchParams();
  const reportId = params.get("campaign");
  const report = useCampaignReport(reportId);
  const openForm = (campaign: AdCampaign | null) => setForm({ open: true, campaign });
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
    <Button onClick={() => openForm(null)}>
      <Plus aria-hidden />
      New campaign
    </Button>
  );
  return (
    <Page width="wide" className="space-y-6 py-8">
      <PageHeader
        title="My Ads"
        description="Put your titles, clubs, stories and reels in front of readers, paid in coins."
        actions={
          <>
            <p className="flex items-center gap-2 rounded-lg border border-border bg-card px-3 py-2 text-sm">
              <Coins className="size-4 text-amber-500" aria-hidden />
              <span className="text-muted-foreground">Wallet</span>
              <span className="font-semibold tabular-nums" data-testid="ads-balance">
                {options.data ? options.data.balance.toLocaleString("en-US") : "…"}
              </span>
            </p>
            {newButton}
          </>
        }
      />
      <section aria-labelledby="my-campaigns-heading" className="space-y-3">
        <h2 id="my-campaigns-heading" className="text-lg font-semibold">
          Your campaigns{campaigns.data?.length ? ` (${campaigns.data.length})` : ""}
        </h2>
        {campaigns.isError && !campaigns.data ? (
          <ErrorState
            title="Could not load your campaigns"
            error={campaigns.error}
            onRetry={() => void campaigns.refetch()}
            isRetrying={campaigns.isFetching}
          />
        ) : !campaigns.data ? (
          <div className="space-y-3" role="status" aria-label="Loading your campaigns">
            {[0, 1].map((key) => (
              <Skeleton key={key} className="h-48 w-full rounded-2xl" />
            ))}
          </div>
        ) : campaigns.data.length === 0 ? (
          <EmptyState
            as="h3"
            icon={Megaphone}
            title="No campaigns yet"
            text={
              <>
                An ad shows what you promote on home, explore, the reels feed or after an episode, marked
                “Sponsored”.
                <br />
                You pay in coins: the budget is held when you submit, and what is not spent comes back.
              </>
            }
            action={newButton}
          />
        ) : (
          <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {campaigns.data.map((campaign) => (
              <li key={campaign.id}>
                <CampaignCard
                  campaign={campaign}
                  onEdit={() => openForm(campaign)}
                  onReport={() => showReport(campaign.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <CampaignFormDialog
        mode="paid"
        campaign={form.campaign}
        open={form.open}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
        onSave={save}
      />
      <CampaignReportDialog
        open={reportId !== null}
        onOpenChange={(open) => !open && showReport(null)}
        report={report}
      />
    </Page>
  );
}
