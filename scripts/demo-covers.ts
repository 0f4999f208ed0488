// `npm run demo:covers`: writes the demo titles' covers to apps/web/public/demo/covers/,
// where the demo seed points them (`/demo/covers/<slug>.svg`). Run it after changing DEMO_TITLES.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { renderDemoCover } from "../apps/server/src/modules/content-admin/demo/covers.ts";
import { DEMO_TITLES } from "../apps/server/src/modules/content-admin/demo/titles.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const folder = path.join(root, "apps/web/public/demo/covers");
await mkdir(folder, { recursive: true });
for (const demo of DEMO_TITLES) {
  await writeFile(path.join(folder, `${demo.slug}.svg`), renderDemoCover(demo));
}
console.log(`Wrote ${DEMO_TITLES.length} covers to ${path.relative(root, folder)}.`);
