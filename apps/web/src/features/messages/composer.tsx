// Writing a message: text (Enter sends, Shift+Enter starts a new line), a picture to go with it,
// and the typing indicator the other person sees, renewed every few seconds while typing.
import { MESSAGE_MAX_LENGTH } from "@litverse/shared/messages";
import { SendHorizontal } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useRef, useState } from "react";
import {
  AddPictureButton,
  PicturePreview,
  usePictureAttachment,
} from "../../components/composer/picture-attachment.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useSendMessage, useSetTyping } from "./use-send-message.ts";

/** Typing is told again after this long, within the server's few seconds. */
const TYPING_RENEW_MS = 3_000;

export function Composer({ partnerId, onSent }: { partnerId: string; onSent: () => void }) {
  const [text, setText] = useState("");
  const { picture, preview, choose, remove } = usePictureAttachment();
  const { send, isSending } = useSendMessage(partnerId);
  const setTyping = useSetTyping(partnerId);
  const lastTyping = useRef(0);
  const textArea = useRef<HTMLTextAreaElement>(null);

  const tellTyping = (isTyping: boolean) => {
    const now = Date.now();
    if (isTyping && now - lastTyping.current < TYPING_RENEW_MS) return;
    lastTyping.current = isTyping ? now : 0;
    setTyping(isTyping);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if ((!body && !picture) || isSending) return;
    await send(body, picture, () => {
      setText("");
      remove();
      lastTyping.current = 0;
      onSent();
      textArea.current?.focus();
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const remaining = MESSAGE_MAX_LENGTH - text.length;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="border-t border-border p-3"
      aria-label="New message"
    >
      {preview ? <PicturePreview url={preview} alt="To send" place="above" onRemove={remove} /> : null}
      <div className="flex items-end gap-2">
        <AddPictureButton onPick={choose} inputTestId="picture-input" />
        <label className="sr-only" htmlFor={`composer-${partnerId}`}>
          Message
        </label>
        <textarea
          id={`composer-${partnerId}`}
          ref={textArea}
          value={text}
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder="Write a message"
          onChange={(event) => {
            setText(event.target.value);
            tellTyping(event.target.value.length > 0);
          }}
          onBlur={() => {
            if (lastTyping.current) tellTyping(false);
          }}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-10 flex-1 resize-none rounded-2xl border border-border bg-background px-4 py-2 text-base [field-sizing:content] sm:text-sm"
        />
        <Button
          type="submit"
          size="icon"
          aria-label="Send"
          isLoading={isSending}
          disabled={!text.trim() && !picture}
        >
          <SendHorizontal aria-hidden />
        </Button>
      </div>
      {remaining < 200 ? (
        <p className="mt-1 text-right text-xs text-muted-foreground" aria-live="polite">
          {remaining} characters left
        </p>
      ) : null}
    </form>
  );
}
