// Writing a message: text (Enter sends, Shift+Enter starts a new line), a picture to go with it,
// and the typing indicator the other person sees, renewed every few seconds while typing.
import { MESSAGE_MAX_LENGTH } from "@litverse/shared/messages";
import { ImagePlus, SendHorizontal, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { toastError } from "../../lib/errors.ts";
import { MAX_PICTURE_BYTES } from "../../lib/uploads.ts";
import { useSendMessage, useSetTyping } from "./use-send-message.ts";

/** Typing is told again after this long, within the server's few seconds. */
const TYPING_RENEW_MS = 3_000;

export function Composer({ partnerId, onSent }: { partnerId: string; onSent: () => void }) {
  const [text, setText] = useState("");
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const { send, isSending } = useSendMessage(partnerId);
  const setTyping = useSetTyping(partnerId);
  const lastTyping = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!picture) return;
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

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
      setPicture(null);
      setPreview(null);
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

  const choosePicture = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toastError(new Error("Choose a picture (JPEG, PNG, WebP, AVIF or GIF)."));
      return;
    }
    if (file.size > MAX_PICTURE_BYTES) {
      toastError(new Error("That picture is larger than 10 MB."));
      return;
    }
    setPicture(file);
  };

  const remaining = MESSAGE_MAX_LENGTH - text.length;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="border-t border-border p-3"
      aria-label="New message"
    >
      {preview ? (
        <div className="relative mb-2 w-fit">
          <img src={preview} alt="To send" className="max-h-32 rounded-lg border border-border" />
          <button
            type="button"
            onClick={() => setPicture(null)}
            className="absolute -top-2 -right-2 inline-flex size-7 items-center justify-center rounded-full bg-stone-800 text-white"
            aria-label="Remove the picture"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="hidden"
          onChange={(event) => {
            choosePicture(event.target.files?.[0]);
            event.target.value = "";
          }}
          data-testid="picture-input"
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Add a picture"
          onClick={() => fileInput.current?.click()}
        >
          <ImagePlus aria-hidden />
        </Button>
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
