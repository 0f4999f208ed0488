// Part of `npm run lint`: no source file of the product over MAX_LINES lines (decision 0039). A file
// that long holds several things, and its parts get names of their own when it is split. Tests are
// left out: a test file grows with the behaviours it pins down, one block each.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const MAX_LINES = 600;

const SOURCE = /\.(ts|tsx|js|mjs|css)$/;
const NOT_PRODUCT = [
  /\.test\.tsx?$/,
  /\.test-support\.ts$/,
  /^apps\/web\/e2e\//,
  /^apps\/server\/src\/test\//,
  /\/migrations\//,
];

const listed = spawnSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "apps", "packages", "bench", "scripts"],
  {
    encoding: "utf8",
  },
);
if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);

const tooLong = listed.stdout
  .split("\n")
  .filter((file) => SOURCE.test(file) && !NOT_PRODUCT.some((pattern) => pattern.test(file)))
  .flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      return []; // Deleted in the working tree, not yet in the index.
    }
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    return lines > MAX_LINES ? [`${file}: ${lines} lines`] : [];
  });

if (tooLong.length > 0) {
  console.error(
    `Over ${MAX_LINES} lines (split each into parts that say what they do):\n  ${tooLong.join("\n  ")}`,
  );
  process.exit(1);
}
console.log(`✔ no source file over ${MAX_LINES} lines`);
