// A link out of the book is followed only once the reader agrees: it opens another site in a new
// tab, which a tap meant to turn the page should never do by surprise.
import { useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";

/** The address a link leaves the book for, or null when it stays inside. */
export function outsideAddress(link: Element | null): string | null {
  const href = link?.getAttribute("href")?.trim() ?? "";
  return /^(https?:\/\/|mailto:)/i.test(href) ? href : null;
}

export function useLeaveBook() {
  const [address, setAddress] = useState<string | null>(null);
  /** Asks before following an outside link; true when the click was one. */
  const askFromClick = (event: React.MouseEvent): boolean => {
    const outside = outsideAddress((event.target as Element).closest("a[href]"));
    if (!outside) return false;
    event.preventDefault();
    setAddress(outside);
    return true;
  };
  return { address, askFromClick, close: () => setAddress(null) };
}

export function LeaveBookDialog({ address, onClose }: { address: string | null; onClose: () => void }) {
  const place = address ? describe(address) : "";
  return (
    <ConfirmDialog
      open={address !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Leave the book?"
      description={`This link opens ${place} in a new tab.`}
      confirmLabel={address?.startsWith("mailto:") ? "Write the email" : "Open the link"}
      cancelLabel="Stay here"
      variant="primary"
      onConfirm={() => {
        if (address) window.open(address, "_blank", "noopener,noreferrer");
      }}
    />
  );
}

function describe(address: string): string {
  if (address.startsWith("mailto:")) return `an email to ${address.slice("mailto:".length).split("?")[0]}`;
  try {
    return new URL(address).host;
  } catch {
    return "another website";
  }
}
