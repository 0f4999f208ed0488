// Uploads a closed or reloaded page left unfinished in this browser: how far each got, choosing
// the same file again to carry on from there, or giving it up. (A browser cannot reopen a file by
// itself, so the person picks it again; the fingerprint matches it to what the server holds.)
import { REEL_ACCEPT } from "@litverse/shared/reels";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useId } from "react";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { socketToken } from "../../../lib/auth/socket-token.ts";
import { formatBytes } from "../../../lib/uploads.ts";
import { discardUnfinished, unfinishedFraction, unfinishedUploads } from "./reel-upload.ts";

export function UnfinishedUploads({ userId, onChoose }: { userId: string; onChoose: (file: File) => void }) {
  const queryClient = useQueryClient();
  const queryKey = ["reels", "unfinished-uploads", userId];
  const found = useQuery({
    queryKey,
    queryFn: async () => {
      const entries = await unfinishedUploads(userId);
      return Promise.all(
        entries.map(async (entry) => ({ entry, fraction: await unfinishedFraction(entry, socketToken()) })),
      );
    },
    staleTime: 0,
  });
  const headingId = useId();
  const items = found.data ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-4 space-y-2" data-testid="unfinished-uploads">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <History className="size-4 text-muted-foreground" aria-hidden />
        Unfinished uploads
      </h3>
      <ul className="space-y-2">
        {items.map(({ entry, fraction }) => (
          <li key={entry.key} className="rounded-xl border border-border p-3">
            <p className="truncate text-sm font-medium">
              {entry.filename}
              {entry.size ? (
                <span className="font-normal text-muted-foreground"> · {formatBytes(entry.size)}</span>
              ) : null}
            </p>
            {fraction !== null ? (
              <Progress value={fraction} label={`Upload of ${entry.filename}`} size="sm" className="mt-2" />
            ) : null}
            <p className="mt-2 text-xs text-muted-foreground">
              {fraction !== null ? `${Math.floor(fraction * 100)}% sent. ` : ""}Choose the same file again to
              continue where it stopped.
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <label className={buttonClasses({ variant: "secondary", size: "sm" })}>
                Choose {entry.filename}
                <input
                  type="file"
                  accept={REEL_ACCEPT}
                  className="sr-only"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = "";
                    if (file) onChoose(file);
                  }}
                />
              </label>
              <Button
                variant="ghost"
                size="sm"
                onClick={async () => {
                  await discardUnfinished(entry, socketToken());
                  await queryClient.invalidateQueries({ queryKey });
                }}
              >
                Give it up
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
