// The way back from an issue to the list.
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";

export function BackToIssues() {
  return (
    <Link
      to="/admin/newsletter"
      className="inline-flex items-center gap-1 hover:text-foreground hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden />
      All issues
    </Link>
  );
}
