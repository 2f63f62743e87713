/**
 * Makes Debian's pandas available to the pandas peer: the bench installs python3-pandas (and
 * python3-pyarrow, for Parquet, where Debian has it) with apt-get when they are absent, never
 * npm install. It runs Debian's /usr/bin/python3, not a pyenv or venv python on PATH, since
 * that is the interpreter the Debian packages are installed for.
 */
import { PeerUnavailable } from "./child";

export const DEBIAN_PYTHON = "/usr/bin/python3";

export interface PandasSetup {
  python: string;
  pandasVersion: string;
  /** "pyarrow" or "fastparquet" when pandas can read and write Parquet here. */
  parquetEngine?: string;
  /** The apt packages this setup installed (empty when all were present). */
  installed: string[];
}

export interface PandasSetupDeps {
  run: (command: string[]) => Promise<{ code: number; stdout: string; stderr: string }>;
  log: (line: string) => void;
  /** Whether this process may apt-get install (is root). */
  isRoot: boolean;
}

const PROBE = `import importlib.util, pandas
engines = [n for n in ("pyarrow", "fastparquet") if importlib.util.find_spec(n)]
print(pandas.__version__, engines[0] if engines else "")`;

/**
 * Probes for pandas, installing python3-pandas (and python3-pyarrow where Debian has it) with
 * apt-get first when pandas does not import; throws PeerUnavailable with the reason. A pandas
 * that imports is used as it is, so a bench run does not apt-get update every time.
 */
export async function setUpPandas(deps: PandasSetupDeps): Promise<PandasSetup> {
  const probe = () =>
    deps.run([DEBIAN_PYTHON, "-c", PROBE]).catch((e: Error) => ({ code: -1, stdout: "", stderr: e.message }));
  let found = await probe();
  const installed: string[] = [];
  if (found.code !== 0) {
    installed.push(...(await aptInstall(deps)));
    found = await probe();
    if (found.code !== 0) throw new PeerUnavailable(`pandas does not import after apt-get: ${lastLine(found.stderr)}`);
  }
  const [pandasVersion = "", engine = ""] = found.stdout.trim().split(" ");
  return { python: DEBIAN_PYTHON, pandasVersion, parquetEngine: engine || undefined, installed };
}

/** apt-get update once, then install python3-pandas (+ python3-pyarrow if it has a candidate). */
async function aptInstall(deps: PandasSetupDeps): Promise<string[]> {
  if (!deps.isRoot) throw new PeerUnavailable("python3-pandas is not installed and the bench is not root");
  deps.log("apt-get update (once, to install Debian's pandas for the pandas peer)...");
  const update = await deps.run(["apt-get", "update"]);
  if (update.code !== 0) throw new PeerUnavailable(`apt-get update failed: ${lastLine(update.stderr)}`);
  const wanted = ["python3-pandas", ...((await hasCandidate(deps, "python3-pyarrow")) ? ["python3-pyarrow"] : [])];
  deps.log(`apt-get install -y ${wanted.join(" ")}...`);
  const install = await deps.run(["apt-get", "install", "-y", "--no-install-recommends", ...wanted]);
  if (install.code !== 0)
    throw new PeerUnavailable(`apt-get install ${wanted.join(" ")} failed: ${lastLine(install.stderr)}`);
  return wanted;
}

async function hasCandidate(deps: PandasSetupDeps, name: string): Promise<boolean> {
  const policy = await deps.run(["apt-cache", "policy", name]);
  const candidate = /Candidate:\s*(\S+)/.exec(policy.stdout)?.[1];
  return candidate !== undefined && candidate !== "(none)";
}

function lastLine(text: string): string {
  return text.trim().split("\n").at(-1) ?? "";
}

/** Runs a command to completion, DEBIAN_FRONTEND=noninteractive so apt never asks. */
export async function runCommand(command: string[]) {
  const child = Bun.spawn(command, {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, stdout, stderr };
}
