/** Saves a blob as a download named `fileName` (the browser's own save, as a link with `download` does). */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Let the click's navigation read the object URL before it is released.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
