// The story bench/story-editor.ts opens in the editor: rows of scenes on a grid, like a laid-out
// story, with conditions, effects and priced choices, the last row endings.

interface Scene {
  id: string;
  title: string;
  text: string;
  image: null;
  position: { x: number; y: number };
  effects: string[];
  ending: { name: string } | null;
  choices: Array<{
    id: string;
    label: string;
    target: string | null;
    condition: string | null;
    effects: string[];
    priceCoins: number;
  }>;
  warnings: string[];
}

const WORDS =
  "the lantern flickered as rain drummed on the old roof and somewhere below a door creaked open while the wind carried voices from the harbour".split(
    " ",
  );

function sentence(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length] as string);
  const text = out.join(" ");
  return `${text[0]?.toUpperCase()}${text.slice(1)}.`;
}

/**
 * Rows of scenes, each choosing between scenes of the next row (some behind a condition on
 * courage, some priced), the last row endings: laid out on a grid like the editor's layout would.
 */
export function makeStory(count: number): { scenes: Scene[]; startSceneId: string } {
  const columns = Math.max(1, Math.round(Math.sqrt(count / 1.25)));
  const scenes: Scene[] = [];
  const rows = Math.ceil(count / columns);
  for (let index = 0; index < count; index++) {
    const row = Math.floor(index / columns);
    const column = index % columns;
    const isLast = row === rows - 1 || index + columns >= count;
    const id = `s${index}`;
    const choices: Scene["choices"] = [];
    if (!isLast) {
      const below = (row + 1) * columns;
      const targets = [below + column, below + ((column + 1) % columns)].filter((t) => t < count);
      targets.forEach((target, n) => {
        choices.push({
          id: `c${index}-${n}`,
          label: n === 0 ? sentence(index + n, 4) : `Take the ${n === 1 ? "harder" : "other"} way`,
          target: `s${target}`,
          condition: n === 1 && index % 3 === 0 ? "courage >= 2" : null,
          effects: n === 0 ? ["courage += 1"] : [],
          priceCoins: n === 1 && index % 17 === 0 ? 25 : 0,
        });
      });
    }
    scenes.push({
      id,
      title: `Scene ${index + 1}: ${sentence(index, 3).slice(0, -1)}`,
      text: `${sentence(index, 24)}\n\n${sentence(index + 1, 30)} **${sentence(index + 2, 3)}**`,
      image: null,
      position: { x: column * 280, y: row * 200 },
      effects: index % 5 === 0 ? ["courage -= 1"] : [],
      ending: isLast && choices.length === 0 ? { name: `Ending ${index + 1}` } : null,
      choices,
      warnings: [],
    });
  }
  return { scenes, startSceneId: "s0" };
}
