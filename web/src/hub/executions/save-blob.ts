/**
 * Hands a Blob to the browser as a download named `name`. The bytes were read with the
 * session (hub.respond); an object URL carries no session, and is revoked once the click
 * has started the download.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
