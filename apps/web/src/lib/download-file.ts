// Saving what the app made (an export, a calendar file, a story) as a file the browser downloads.

/** Saves `blob` under `name`, as a download. */
export function downloadFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  // In the page while clicked: some browsers ignore a click on a link that is not.
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a while later: some browsers start reading the file after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
