// The sleep timer's menu: minutes or the end of the chapter, what is left while it runs, and off.
import { Moon, MoonStar } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { getPlayer, usePlayer } from "./player.ts";
import { formatTimerLeft } from "./player-format.ts";
import { SLEEP_MINUTES } from "./sleep-timer.ts";

export function SleepTimerControl() {
  const kind = usePlayer((state) => state.sleep?.kind ?? null);
  const totalMs = usePlayer((state) => (state.sleep?.kind === "duration" ? state.sleep.totalMs : null));
  // Whole seconds, so that the button re-renders once a second rather than at every tick.
  const secondsLeft = usePlayer((state) =>
    state.sleepRemainingMs === null ? null : Math.ceil(state.sleepRemainingMs / 1000),
  );
  const player = getPlayer();
  const left = secondsLeft === null ? null : formatTimerLeft(secondsLeft * 1000);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={kind ? `Sleep timer: ${left} left` : "Sleep timer"}
          title="Sleep timer"
          data-testid="sleep-timer"
        >
          {kind ? (
            <MoonStar className="text-brand-600 dark:text-brand-400" aria-hidden />
          ) : (
            <Moon aria-hidden />
          )}
          <span className="tabular-nums">{kind ? left : "Sleep"}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="center">
        <DropdownMenuLabel>Stop playing after</DropdownMenuLabel>
        {SLEEP_MINUTES.map((minutes) => (
          <DropdownMenuCheckboxItem
            key={minutes}
            checked={totalMs === minutes * 60_000}
            onSelect={() => player.setSleep(minutes)}
          >
            {minutes} minutes
          </DropdownMenuCheckboxItem>
        ))}
        <DropdownMenuCheckboxItem checked={kind === "chapter"} onSelect={() => player.setSleep("chapter")}>
          End of chapter
        </DropdownMenuCheckboxItem>
        {kind ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => player.setSleep(null)}>Turn off the timer</DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
