// Light, dark or the system's choice (the default). One button cycles through the three.
import { Monitor, Moon, Sun } from "lucide-react";
import { useTheme } from "next-themes";
import { useEffect, useState } from "react";

const ORDER = ["system", "light", "dark"] as const;
type ThemeChoice = (typeof ORDER)[number];
const LABELS: Record<ThemeChoice, string> = { system: "System", light: "Light", dark: "Dark" };
const ICONS = { system: Monitor, light: Sun, dark: Moon };

export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  // The stored theme is only known after mount; render the default until then.
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => setIsMounted(true), []);
  const current: ThemeChoice =
    isMounted && ORDER.includes(theme as ThemeChoice) ? (theme as ThemeChoice) : "system";
  const next = ORDER[(ORDER.indexOf(current) + 1) % ORDER.length] as ThemeChoice;
  const Icon = ICONS[current];
  return (
    <button
      type="button"
      onClick={() => setTheme(next)}
      className="inline-flex size-10 items-center justify-center rounded-full text-muted-foreground transition hover:bg-muted hover:text-foreground"
      aria-label={`Theme: ${LABELS[current]}. Switch to ${LABELS[next]}`}
      title={`Theme: ${LABELS[current]}`}
      data-testid="theme-toggle"
      data-theme-choice={current}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}
