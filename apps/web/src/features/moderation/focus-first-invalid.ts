// After a form marks its fields, the first one it points at takes the focus, so that a keyboard or
// screen reader user lands on what to fix.
export function focusFirstInvalid(formId: string): void {
  requestAnimationFrame(() =>
    document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
  );
}
