/**
 * Starts another process that puts each of `names` (in `folder`) at `swap` in turn, by
 * renames, as fast as it can until killed: the file system changing under a request.
 */
export function startSwapping(folder: string, swap: string, names: string[]): ReturnType<typeof Bun.spawn> {
  const script = `
    const { renameSync } = require("node:fs");
    const [folder, swap, ...names] = process.argv.slice(-2 - ${names.length});
    const at = (n) => folder + "/" + n;
    for (;;) {
      for (const name of names) {
        try { renameSync(at(name), at(swap)); renameSync(at(swap), at(name)); } catch {}
      }
    }`;
  return Bun.spawn([process.execPath, "-e", script, folder, swap, ...names], { stdout: "ignore", stderr: "ignore" });
}
