// Answering as the persona: Enter sends, Shift+Enter starts a new line. The reply goes out in the
// persona's name, and the message keeps who on the team wrote it.
import { MESSAGE_MAX_LENGTH } from "@litverse/shared/messages";
import { SendHorizontal } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { useSendPersonaMessage } from "./use-persona-messages.ts";

export function PersonaComposer({
  personaId,
  personaName,
  partnerId,
  onSent,
}: {
  personaId: string;
  personaName: string;
  partnerId: string;
  onSent: () => void;
}) {
  const [text, setText] = useState("");
  const { send, isSending } = useSendPersonaMessage(personaId, partnerId);
  const textArea = useRef<HTMLTextAreaElement>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (!body || isSending) return;
    if (await send(body)) {
      setText("");
      onSent();
      textArea.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const remaining = MESSAGE_MAX_LENGTH - text.length;
  const fieldId = `persona-composer-${partnerId}`;
  return (
    <form onSubmit={(event) => void submit(event)} className="border-t border-border p-3" aria-label="Reply">
      <div className="flex items-end gap-2">
        <label className="sr-only" htmlFor={fieldId}>
          Reply as {personaName}
        </label>
        <textarea
          id={fieldId}
          ref={textArea}
          value={text}
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder="Write a reply"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-10 flex-1 resize-none rounded-2xl border border-border bg-background px-4 py-2 text-base [field-sizing:content] sm:text-sm"
        />
        <Button type="submit" size="icon" aria-label="Send" isLoading={isSending} disabled={!text.trim()}>
          <SendHorizontal aria-hidden />
        </Button>
      </div>
      <p className="mt-1 flex justify-between gap-2 px-1 text-xs text-muted-foreground">
        <span className="hidden sm:inline">Enter sends, Shift+Enter starts a new line.</span>
        {remaining < 200 ? (
          <span className="ml-auto" aria-live="polite">
            {remaining} characters left
          </span>
        ) : null}
      </p>
    </form>
  );
}
