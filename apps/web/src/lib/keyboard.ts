// Keyboard shortcuts of readers, players and reels: which key presses are theirs to take.

/** Whether a key press belongs to something else than the page's shortcuts. */
export function isKeyForControl(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.metaKey) return true;
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return false;
  if (target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']")) return true;
  // Open menus and dialogs handle their own keys.
  if (target.closest("[role='dialog'], [role='alertdialog'], [role='menu'], [role='listbox']")) return true;
  const isActivation = event.key === " " || event.key === "Enter";
  if (
    isActivation &&
    target.closest("button, a[href], [role='button'], [role='slider'], [role='menuitem']")
  ) {
    return true;
  }
  const isArrow = event.key.startsWith("Arrow") || event.key === "Home" || event.key === "End";
  return isArrow && target.closest("[role='slider'], [role='radiogroup'], [role='tablist']") !== null;
}
