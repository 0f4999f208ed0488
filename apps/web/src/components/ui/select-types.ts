// The props Select and NativeSelect share.

export interface SelectItem<Value extends string = string> {
  value: Value;
  label: string;
  disabled?: boolean;
}

export interface SelectProps<Value extends string = string> {
  items: ReadonlyArray<SelectItem<Value>>;
  value?: Value;
  defaultValue?: Value;
  onValueChange?: (value: Value) => void;
  placeholder?: string;
  /** The name when no visible label points at the select (a filter in a toolbar). */
  "aria-label"?: string;
  /** Set by Field: the id, description and invalid mark go on the button that opens the list. */
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false";
  /** For native form submission. */
  name?: string;
  required?: boolean;
  disabled?: boolean;
  /** Classes for the trigger button, typically a width ("w-48"); it is full width otherwise. */
  className?: string;
  size?: "sm" | "md";
}
