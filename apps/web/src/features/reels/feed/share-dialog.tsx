// Sharing a reel: its link to copy, and the device's own share sheet where the browser offers one.
// Each share is counted once it has happened (a copied link, a completed share sheet).
import type { ReelCard } from "@litverse/shared/reels";
import { Check, Copy, Share } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../lib/toast.ts";
import { reelPath } from "./feed-logic.ts";
import { useCountShare } from "./use-reel-actions.ts";

export function ShareDialog({
  reel,
  onOpenChange,
}: {
  reel: ReelCard | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={reel !== null} onOpenChange={onOpenChange}>
      {reel ? <ShareContent key={reel.id} reel={reel} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function ShareContent({ reel, onDone }: { reel: ReelCard; onDone: () => void }) {
  const counted = useCountShare(reel.id);
  const [isCopied, setIsCopied] = useState(false);
  const url = new URL(reelPath(reel.id), window.location.origin).href;
  const canShareNatively = typeof navigator.share === "function";

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      toast.error("Could not copy the link. Select it and copy it yourself.");
      return;
    }
    setIsCopied(true);
    toast.success("Link copied");
    counted("copy");
  };

  const shareNatively = async () => {
    try {
      await navigator.share({
        title: `${reel.creator.name} on Litverse`,
        text: reel.caption || undefined,
        url,
      });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if ((error as Error).name !== "AbortError") toast.error("Could not open sharing on this device.");
      return;
    }
    counted("native");
    onDone();
  };

  return (
    <DialogContent
      size="sm"
      title="Share this reel"
      description="Anyone with the link can watch it on Litverse."
      footer={
        canShareNatively ? (
          <Button variant="secondary" onClick={() => void shareNatively()}>
            <Share aria-hidden />
            Share…
          </Button>
        ) : undefined
      }
    >
      <div className="flex gap-2">
        <Input
          readOnly
          value={url}
          aria-label="Link to the reel"
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1"
          data-testid="reel-share-link"
        />
        <Button onClick={() => void copy()}>
          {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {isCopied ? "Copied" : "Copy link"}
        </Button>
      </div>
    </DialogContent>
  );
}
