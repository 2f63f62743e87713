/** Opens `url` in the desktop's browser when one can be found; says nothing when not. */
export function openBrowser(url: string): void {
  const opener = process.platform === "darwin" ? "open" : "xdg-open";
  if (!Bun.which(opener)) return;
  Bun.spawn([opener, url], { stdio: ["ignore", "ignore", "ignore"] }).unref();
}
