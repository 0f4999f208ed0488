// The player's smaller settings: how far the skip buttons go, playing on into the next episode,
// and the keyboard shortcuts.
import { Keyboard, Settings2 } from "lucide-react";
import { useId } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { getPlayer, usePlayer } from "./player.ts";
import { SKIP_CHOICES } from "./player-preferences.ts";

const SKIP_ITEMS = SKIP_CHOICES.map((seconds) => ({ value: String(seconds), label: `${seconds} s` }));

export function PlayerSettings({ onShowShortcuts }: { onShowShortcuts: () => void }) {
  const prefs = usePlayer((state) => state.prefs);
  const id = useId();
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Player settings" title="Settings">
          <Settings2 className="size-5!" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Player settings" className="w-80 space-y-4" align="end">
        <div className="grid grid-cols-2 gap-3">
          <div className="space-y-1">
            <label htmlFor={`${id}-back`} className="text-sm font-medium">
              Skip back
            </label>
            <NativeSelect
              id={`${id}-back`}
              size="sm"
              items={SKIP_ITEMS}
              value={String(prefs.skipBackSeconds)}
              onValueChange={(value) => getPlayer().setPrefs({ skipBackSeconds: Number(value) })}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-forward`} className="text-sm font-medium">
              Skip forward
            </label>
            <NativeSelect
              id={`${id}-forward`}
              size="sm"
              items={SKIP_ITEMS}
              value={String(prefs.skipForwardSeconds)}
              onValueChange={(value) => getPlayer().setPrefs({ skipForwardSeconds: Number(value) })}
            />
          </div>
        </div>
        <Switch
          label="Play the next episode"
          description="Go on by itself at the end of an episode."
          checked={prefs.playNext}
          onCheckedChange={(checked) => getPlayer().setPrefs({ playNext: checked })}
        />
        <PopoverClose asChild>
          <Button variant="secondary" size="sm" className="w-full" onClick={onShowShortcuts}>
            <Keyboard aria-hidden />
            Keyboard shortcuts
          </Button>
        </PopoverClose>
      </PopoverContent>
    </Popover>
  );
}
