// A scene's words on the page: paragraphs, line breaks, bold and italic, always as text.
import { cn } from "../../components/ui/cn.ts";
import { parseSceneText, type TextRun } from "./scene-format.ts";

function Run({ run }: { run: TextRun }) {
  if (run.isBold && run.isItalic)
    return (
      <strong>
        <em>{run.text}</em>
      </strong>
    );
  if (run.isBold) return <strong>{run.text}</strong>;
  if (run.isItalic) return <em>{run.text}</em>;
  return run.text;
}

export function SceneText({ text, id, className }: { text: string; id?: string; className?: string }) {
  const paragraphs = parseSceneText(text);
  return (
    <div id={id} className={cn("space-y-4", className)}>
      {paragraphs.map((lines, paragraphIndex) => (
        // The text is fixed for a scene: positions are stable keys.
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity beyond their place
        <p key={paragraphIndex}>
          {lines.map((runs, lineIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above, for lines
            <span key={lineIndex}>
              {lineIndex > 0 ? <br /> : null}
              {runs.map((run, runIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above, for runs
                <Run key={runIndex} run={run} />
              ))}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
