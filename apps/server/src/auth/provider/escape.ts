// HTML escaping for the server-rendered sign-in pages. Every interpolated value goes through it,
// attribute or text alike, so one function is enough.
const REPLACEMENTS: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"'`]/g, (char) => REPLACEMENTS[char] ?? char);
}
