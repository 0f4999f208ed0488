// Saving what the app made (an export) as a file the browser downloads.

/** Saves `blob` under `name`, as a download. */
export function downloadFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  // Revoked a moment later: some browsers start reading the file after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
