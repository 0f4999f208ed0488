// A form field: label, control, hint and error, wired together so the control is named by the
// label, described by the hint and the error, and marked invalid while there is an error.
import { cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from "react";
import { cn } from "./cn.ts";
import { Label } from "./label.tsx";

/** What Field hands to its control. */
export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  required?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /** Help under the control; it stays next to an error, which says what is wrong, not what fits. */
  hint?: ReactNode;
  /** One message or several (a `fieldErrors` entry from describeError fits as it is). */
  error?: string | string[] | null;
  /** The control's id; one is made up when left out. */
  id?: string;
  required?: boolean;
  className?: string;
  /**
   * The control: an element (Input, Textarea, Select, …) that receives id, aria-describedby,
   * aria-invalid and required, or a function that spreads them where they belong.
   */
  children: ReactElement | ((control: FieldControlProps) => ReactNode);
}

export function Field({ label, hint, error, id, required, className, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? `field-${autoId}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const errors = (Array.isArray(error) ? error : error ? [error] : []).filter(Boolean);
  const hasError = errors.length > 0;

  const describedBy = [hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(" ");
  const control: FieldControlProps = {
    id: controlId,
    "aria-describedby": describedBy || undefined,
    "aria-invalid": hasError ? true : undefined,
    required,
  };

  let rendered: ReactNode;
  // The label must point at the id the control really has, which may be its own.
  let labelFor = controlId;
  if (typeof children === "function") {
    rendered = children(control);
  } else if (isValidElement<Record<string, unknown>>(children)) {
    const own = children.props;
    const ownId = typeof own.id === "string" ? own.id : undefined;
    const ownDescribedBy = typeof own["aria-describedby"] === "string" ? own["aria-describedby"] : "";
    labelFor = ownId ?? controlId;
    rendered = cloneElement(children, {
      ...control,
      id: labelFor,
      "aria-describedby": [ownDescribedBy, describedBy].filter(Boolean).join(" ") || undefined,
      required: typeof own.required === "boolean" ? own.required : required,
    });
  }

  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={labelFor} isRequired={required}>
        {label}
      </Label>
      {rendered}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <div id={errorId} className="text-xs font-medium text-rose-600 dark:text-rose-400">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
