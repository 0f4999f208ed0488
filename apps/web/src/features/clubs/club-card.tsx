// A club in a list: cover, name, privacy, members and what it reads now, and where the viewer stands.
import { CLUB_PRIVACY_LABELS, type ClubCard as ClubCardData } from "@litverse/shared/clubs";
import { BookOpen, EyeOff, Globe, Lock, type LucideIcon, Users } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";

export const PRIVACY_ICONS: Record<ClubCardData["privacy"], LucideIcon> = {
  public: Globe,
  private: Lock,
  secret: EyeOff,
};

function standing(club: ClubCardData): string | null {
  if (club.myStatus === "invited") return "Invited";
  if (club.myStatus === "requested") return "Asked to join";
  if (club.myRole === "owner") return "Owner";
  if (club.myRole === "moderator") return "Moderator";
  return club.myStatus === "active" ? "Member" : null;
}

export function ClubCover({
  club,
  className = "",
}: {
  club: Pick<ClubCardData, "coverUrl" | "name">;
  className?: string;
}) {
  if (club.coverUrl)
    return <img src={club.coverUrl} alt="" className={`object-cover ${className}`} loading="lazy" />;
  return (
    <div
      aria-hidden
      className={`flex items-center justify-center bg-gradient-to-br from-brand-500 to-accent-500 font-serif text-3xl font-bold text-white ${className}`}
    >
      {club.name.slice(0, 1).toUpperCase()}
    </div>
  );
}

export function ClubCard({ club }: { club: ClubCardData }) {
  const PrivacyIcon = PRIVACY_ICONS[club.privacy];
  const mine = standing(club);
  return (
    <li
      className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm"
      data-testid="club-card"
    >
      <Link to={`/clubs/${club._id}`} className="flex h-full flex-col hover:bg-muted/40">
        <ClubCover club={club} className="h-28 w-full" />
        <div className="flex flex-1 flex-col gap-2 p-4">
          <div className="flex items-start justify-between gap-2">
            <h3 className="line-clamp-2 font-semibold">{club.name}</h3>
            {mine ? <Badge variant={club.myStatus === "invited" ? "brand" : "neutral"}>{mine}</Badge> : null}
          </div>
          {club.description ? (
            <p className="line-clamp-2 text-sm text-muted-foreground">{club.description}</p>
          ) : null}
          <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <PrivacyIcon className="size-4" aria-hidden />
              {CLUB_PRIVACY_LABELS[club.privacy]}
            </span>
            <span className="inline-flex items-center gap-1">
              <Users className="size-4" aria-hidden />
              {club.memberCount} {club.memberCount === 1 ? "member" : "members"}
            </span>
          </div>
          {club.currentRead ? (
            <p className="inline-flex items-center gap-1 text-sm">
              <BookOpen className="size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
              <span className="line-clamp-1">Reading {club.currentRead.title}</span>
            </p>
          ) : null}
        </div>
      </Link>
    </li>
  );
}
