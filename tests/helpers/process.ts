import type { Subprocess } from "bun";

export interface StartedProcess {
  proc: Subprocess<"ignore", "pipe", "pipe">;
  /** The URL the process printed (with `?token=` in ephemeral mode). */
  openUrl: string;
  /** Origin of the printed URL, e.g. http://127.0.0.1:40123 */
  origin: string;
  token?: string;
  stdout(): string;
  stderr(): string;
  /** Sends SIGTERM and resolves to the exit code. */
  stop(): Promise<number>;
}

async function collect(stream: ReadableStream<Uint8Array>, into: { text: string }) {
  const decoder = new TextDecoder();
  for await (const chunk of stream) into.text += decoder.decode(chunk, { stream: true });
}

/**
 * Runs `cmd` (the source entry or the executable) and waits for its "is running at" line.
 * Rejects with the output if the process exits first or takes longer than `timeoutMs`.
 */
export async function startProcess(
  cmd: string[],
  env: Record<string, string>,
  { cwd, timeoutMs = 15_000 }: { cwd?: string; timeoutMs?: number } = {},
): Promise<StartedProcess> {
  const proc = Bun.spawn(cmd, {
    env: { PATH: process.env.PATH ?? "", ...env },
    cwd,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const out = { text: "" };
  const err = { text: "" };
  void collect(proc.stdout, out);
  void collect(proc.stderr, err);
  const deadline = Date.now() + timeoutMs;
  let match: RegExpMatchArray | null = null;
  while (!match) {
    match = out.text.match(/is running at (\S+)/);
    if (match) break;
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`process did not start (exit ${proc.exitCode}):\n${out.text}\n${err.text}`);
    }
    await Bun.sleep(10);
  }
  const openUrl = match[1] as string;
  const url = new URL(openUrl);
  return {
    proc,
    openUrl,
    origin: url.origin,
    token: url.searchParams.get("token") ?? undefined,
    stdout: () => out.text,
    stderr: () => err.text,
    stop: async () => {
      proc.kill("SIGTERM");
      return proc.exited;
    },
  };
}

/** Runs `cmd` to completion: exit code and output. */
export async function runToEnd(
  cmd: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn(cmd, {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, stdout, stderr };
}
