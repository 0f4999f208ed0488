// The issue's blocks, top to bottom: each with its fields, moved up or down or removed, and the
// buttons that add one of each kind at the end.
import {
  NEWSLETTER_BUTTON_LABEL_MAX_LENGTH,
  NEWSLETTER_HEADING_MAX_LENGTH,
  NEWSLETTER_MAX_BLOCKS,
  NEWSLETTER_TEXT_MAX_LENGTH,
  type NewsletterBlockType,
} from "@litverse/shared/mail";
import {
  ArrowDown,
  ArrowUp,
  BookOpen,
  Heading,
  Image,
  type LucideIcon,
  MousePointerClick,
  Pilcrow,
  Trash2,
} from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import type { BlockValue, FormErrors } from "./composer-values.ts";
import { PictureBlockFields } from "./picture-block.tsx";
import { TitlePicker } from "./title-picker.tsx";

const KINDS: Record<NewsletterBlockType, { label: string; add: string; icon: LucideIcon }> = {
  heading: { label: "Heading", add: "Add a heading", icon: Heading },
  text: { label: "Text", add: "Add text", icon: Pilcrow },
  picture: { label: "Picture", add: "Add a picture", icon: Image },
  title: { label: "Title card", add: "Add a title card", icon: BookOpen },
  button: { label: "Button", add: "Add a button", icon: MousePointerClick },
};
const ADDABLE: NewsletterBlockType[] = ["heading", "text", "picture", "title", "button"];

export interface BlockListProps {
  blocks: BlockValue[];
  errors: FormErrors;
  /** Read-only: an issue that has gone out, or an administrator who may only look. */
  disabled: boolean;
  /** The picture blocks whose file is on its way. */
  uploading: ReadonlySet<string>;
  onChange: (key: string, change: Partial<BlockValue>) => void;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (index: number) => void;
  onAdd: (type: NewsletterBlockType) => void;
  onPicture: (key: string, file: File) => void;
}

export function BlockList(props: BlockListProps) {
  const { blocks, errors, disabled, onAdd } = props;
  const isFull = blocks.length >= NEWSLETTER_MAX_BLOCKS;
  return (
    <section aria-labelledby="blocks-heading" className="space-y-3">
      <h2 id="blocks-heading" className="text-base font-semibold">
        Content
      </h2>
      {blocks.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground">
          No blocks yet: add a heading, text, a picture, a title or a button below.
        </p>
      ) : (
        <ol className="space-y-3">
          {blocks.map((block, index) => (
            <BlockCard key={block.key} block={block} index={index} {...props} />
          ))}
        </ol>
      )}
      {errors.blocks ? (
        <p className="text-xs font-medium text-rose-600 dark:text-rose-400">{errors.blocks.join(" ")}</p>
      ) : null}
      {disabled ? null : (
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Add a block</legend>
          {ADDABLE.map((type) => {
            const { label, add, icon: Icon } = KINDS[type];
            return (
              <Button
                key={type}
                variant="secondary"
                size="sm"
                aria-label={add}
                disabled={isFull}
                onClick={() => onAdd(type)}
              >
                <Icon aria-hidden />
                {label}
              </Button>
            );
          })}
          {isFull ? (
            <p className="w-full text-xs text-muted-foreground">
              An issue holds at most {NEWSLETTER_MAX_BLOCKS} blocks.
            </p>
          ) : null}
        </fieldset>
      )}
    </section>
  );
}

function BlockCard({
  block,
  index,
  blocks,
  errors,
  disabled,
  uploading,
  onChange,
  onMove,
  onRemove,
  onPicture,
}: BlockListProps & { block: BlockValue; index: number }) {
  const { label, icon: Icon } = KINDS[block.type];
  const name = `${label} ${index + 1}`;
  const headingId = `${block.key}-heading`;
  const errorsOf = (field: string) => errors[`blocks.${index}.${field}`];
  const change = (next: Partial<BlockValue>) => onChange(block.key, next);
  return (
    <li
      className="rounded-xl border border-border bg-card p-3 sm:p-4"
      aria-labelledby={headingId}
      data-testid="newsletter-block"
    >
      <div className="mb-3 flex items-center gap-2">
        <Icon className="size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
        <h3 id={headingId} className="flex-1 text-sm font-semibold">
          {name}
        </h3>
        {disabled ? null : (
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              className="px-2"
              aria-label={`Move ${name} up`}
              disabled={index === 0}
              onClick={() => onMove(index, -1)}
            >
              <ArrowUp aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="px-2"
              aria-label={`Move ${name} down`}
              disabled={index === blocks.length - 1}
              onClick={() => onMove(index, 1)}
            >
              <ArrowDown aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="px-2 text-rose-700 dark:text-rose-300"
              aria-label={`Remove ${name}`}
              onClick={() => onRemove(index)}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        )}
      </div>
      {block.type === "heading" ? (
        <Field label="Heading text" error={errorsOf("text")} required>
          <Input
            value={block.text}
            maxLength={NEWSLETTER_HEADING_MAX_LENGTH}
            disabled={disabled}
            onChange={(event) => change({ text: event.target.value })}
          />
        </Field>
      ) : block.type === "text" ? (
        <Field
          label="Text"
          hint="A blank line starts a new paragraph; https:// addresses become links."
          error={errorsOf("text")}
          required
        >
          <Textarea
            value={block.text}
            rows={4}
            maxLength={NEWSLETTER_TEXT_MAX_LENGTH}
            disabled={disabled}
            onChange={(event) => change({ text: event.target.value })}
          />
        </Field>
      ) : block.type === "picture" ? (
        <PictureBlockFields
          block={block}
          errorsOf={errorsOf}
          disabled={disabled}
          isUploading={uploading.has(block.key)}
          onChange={change}
          onFile={(file) => onPicture(block.key, file)}
        />
      ) : block.type === "title" ? (
        <TitlePicker
          label="Title"
          titleId={block.titleId}
          title={block.title}
          disabled={disabled}
          error={errorsOf("titleId")}
          onPick={(title) => change({ titleId: title?._id ?? "", title })}
        />
      ) : (
        <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <Field label="Button label" error={errorsOf("label")} required>
            <Input
              value={block.label}
              maxLength={NEWSLETTER_BUTTON_LABEL_MAX_LENGTH}
              disabled={disabled}
              onChange={(event) => change({ label: event.target.value })}
            />
          </Field>
          <Field
            label="Button link"
            hint="https://… or a page such as /explore"
            error={errorsOf("url")}
            required
          >
            <Input
              inputMode="url"
              placeholder="https://"
              value={block.url}
              disabled={disabled}
              onChange={(event) => change({ url: event.target.value })}
            />
          </Field>
        </div>
      )}
    </li>
  );
}
