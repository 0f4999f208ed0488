// A person's picture, or their initials on a colour of their own; with the presence dot when asked.
import { isOnline, type PersonSummary } from "@litverse/shared/people";
import { cn } from "../ui/cn.ts";
import { useNow } from "./use-now.ts";

const SIZES = {
  xs: "size-7 text-[11px]",
  sm: "size-9 text-xs",
  md: "size-11 text-sm",
  lg: "size-24 text-3xl",
} as const;
/** The avatar sizes the server makes on request, by how large each one shows (twice, for sharp screens). */
const VARIANT_WIDTH = { xs: 160, sm: 160, md: 160, lg: 240 } as const;

/** Background hues for initials, chosen by the person's id so that each keeps one. */
const HUES = [262, 199, 330, 150, 24, 285, 175, 350];

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters.map((word) => [...(word ?? "")][0]?.toUpperCase() ?? "").join("") || "?";
}

function hueOf(id: string): number {
  let sum = 0;
  for (const char of id) sum = (sum * 31 + char.charCodeAt(0)) % 1_000_003;
  return HUES[sum % HUES.length] as number;
}

export function PersonAvatar({
  person,
  size = "sm",
  showPresence = false,
  className,
}: {
  person: Pick<PersonSummary, "_id" | "name" | "avatarUrl" | "lastSeenAt">;
  size?: keyof typeof SIZES;
  showPresence?: boolean;
  className?: string;
}) {
  const now = useNow(showPresence);
  const online = showPresence && isOnline(person.lastSeenAt, now);
  return (
    <span className={cn("relative inline-flex w-fit shrink-0 self-start", className)}>
      {person.avatarUrl ? (
        <img
          src={`${person.avatarUrl}?w=${VARIANT_WIDTH[size]}&f=webp`}
          alt=""
          loading="lazy"
          decoding="async"
          className={cn("rounded-full object-cover", SIZES[size])}
        />
      ) : (
        <span
          aria-hidden
          className={cn(
            "inline-flex items-center justify-center rounded-full font-semibold text-white",
            SIZES[size],
          )}
          style={{ backgroundColor: `oklch(0.5 0.14 ${hueOf(person._id)})` }}
        >
          {initialsOf(person.name)}
        </span>
      )}
      {online ? (
        <span
          className="absolute right-0 bottom-0 size-3 rounded-full border-2 border-card bg-emerald-500"
          data-testid="presence-online"
        >
          <span className="sr-only">Online</span>
        </span>
      ) : null}
    </span>
  );
}
