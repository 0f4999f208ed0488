// The issue as it will arrive: the inbox line (subject and preview line), then the message on a
// phone or a desktop, in a mail client's light or dark look, redrawn as the issue is written (the
// last drawing stays while the next is made). The plain-text version is one click away.
import { Monitor, Moon, Smartphone, Sun } from "lucide-react";
import { type ReactNode, useState } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { describeError } from "../../../lib/errors.ts";
import { MailFrame } from "../mail-frame.tsx";
import type { PreviewInput } from "./composer-values.ts";
import { useIssuePreview } from "./use-composer-queries.ts";

type Device = "phone" | "desktop";
type Scheme = "light" | "dark";

const SIZES: Record<Device, { width: number; height: number }> = {
  phone: { width: 390, height: 700 },
  desktop: { width: 1280, height: 900 },
};

export function PreviewPane({ input, className }: { input: PreviewInput | null; className?: string }) {
  const [device, setDevice] = useState<Device>("phone");
  const [scheme, setScheme] = useState<Scheme>("light");
  const preview = useIssuePreview(input);
  const data = input ? preview.data : undefined;
  const size = SIZES[device];

  return (
    <section aria-labelledby="preview-heading" className={cn("space-y-3", className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-heading" className="text-base font-semibold">
          Preview
        </h2>
        <div className="flex flex-wrap gap-2">
          <ToggleGroup label="Screen">
            <Toggle
              isOn={device === "phone"}
              onClick={() => setDevice("phone")}
              icon={<Smartphone aria-hidden />}
            >
              Phone
            </Toggle>
            <Toggle
              isOn={device === "desktop"}
              onClick={() => setDevice("desktop")}
              icon={<Monitor aria-hidden />}
            >
              Desktop
            </Toggle>
          </ToggleGroup>
          <ToggleGroup label="Mail client look">
            <Toggle isOn={scheme === "light"} onClick={() => setScheme("light")} icon={<Sun aria-hidden />}>
              Light
            </Toggle>
            <Toggle isOn={scheme === "dark"} onClick={() => setScheme("dark")} icon={<Moon aria-hidden />}>
              Dark
            </Toggle>
          </ToggleGroup>
        </div>
      </div>
      <div className="rounded-xl border border-border bg-muted p-3" aria-busy={preview.isFetching}>
        {!input ? (
          <p className="px-2 py-10 text-center text-sm text-muted-foreground">
            The preview shows once a block is filled in.
          </p>
        ) : !data ? (
          preview.isError ? (
            <p className="px-2 py-10 text-center text-sm text-rose-700 dark:text-rose-300" role="alert">
              {describeError(preview.error, "Could not draw the preview.").message}
            </p>
          ) : (
            <div role="status" aria-label="Drawing the preview" className="space-y-2">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-96 w-full" />
            </div>
          )
        ) : (
          <div className="space-y-3">
            <div className="rounded-lg bg-card px-3 py-2 text-sm" data-testid="preview-inbox-line">
              <p className="truncate font-semibold">{data.subject}</p>
              <p className="truncate text-muted-foreground">{input.preheader || "No preview line"}</p>
            </div>
            <MailFrame
              html={scheme === "dark" ? data.darkHtml : data.html}
              title={`The issue on a ${device}, ${scheme}`}
              width={size.width}
              height={size.height}
              scheme={scheme}
            />
            <details className="rounded-lg bg-card px-3 py-2 text-sm">
              <summary className="cursor-pointer font-medium">Plain-text version</summary>
              <pre className="mt-2 max-h-80 overflow-auto font-sans text-xs break-words whitespace-pre-wrap">
                {data.text}
              </pre>
            </details>
          </div>
        )}
        {preview.isError && data ? (
          <p className="mt-2 text-xs text-rose-700 dark:text-rose-300">
            {describeError(preview.error, "Could not draw the latest changes.").message}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function ToggleGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <fieldset className="flex gap-1 rounded-lg bg-stone-100 p-1 dark:bg-white/5">
      <legend className="sr-only">{label}</legend>
      {children}
    </fieldset>
  );
}

function Toggle({
  isOn,
  onClick,
  icon,
  children,
}: {
  isOn: boolean;
  onClick: () => void;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={isOn}
      onClick={onClick}
      className={cn(
        "inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 text-xs font-medium text-muted-foreground transition [&_svg]:size-3.5",
        "hover:text-foreground aria-pressed:bg-card aria-pressed:text-foreground aria-pressed:shadow-sm dark:aria-pressed:bg-white/10",
      )}
    >
      {icon}
      {children}
    </button>
  );
}
