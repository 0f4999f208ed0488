// Joins class names, skipping the ones a condition left out. There is no tailwind-merge here: a
// class passed in does not remove a conflicting built-in one (say `h-12` against a button's
// `h-10`), so prefer a component's props for size and look, and where a class must win, mark it
// important (`h-12!`).
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
