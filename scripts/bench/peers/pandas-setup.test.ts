import { describe, expect, test } from "bun:test";
import { PeerUnavailable } from "./child";
import { DEBIAN_PYTHON, type PandasSetupDeps, setUpPandas } from "./pandas-setup";

/**
 * A machine as apt and python answer it: pandas imports once python3-pandas is installed;
 * apt-cache has a candidate for the packages in `debian`. Records every command run.
 */
function machine(options: { pandas: boolean; debian: string[]; isRoot?: boolean; pyarrow?: boolean }) {
  const commands: string[] = [];
  let pandas = options.pandas;
  let pyarrow = options.pyarrow ?? false;
  const deps: PandasSetupDeps = {
    isRoot: options.isRoot ?? true,
    log: () => {},
    run: async (command) => {
      commands.push(command[0] === DEBIAN_PYTHON ? "probe" : command.join(" "));
      if (command[0] === DEBIAN_PYTHON)
        return pandas
          ? { code: 0, stdout: `1.5.3 ${pyarrow ? "pyarrow" : ""}\n`, stderr: "" }
          : { code: 1, stdout: "", stderr: "ModuleNotFoundError: No module named 'pandas'" };
      if (command[0] === "apt-cache") {
        const name = command[2] ?? "";
        return {
          code: 0,
          stdout: `${name}:\n  Candidate: ${options.debian.includes(name) ? "1.0" : "(none)"}\n`,
          stderr: "",
        };
      }
      if (command[1] === "install") {
        const missing = command.slice(4).find((p) => !options.debian.includes(p));
        if (missing) return { code: 100, stdout: "", stderr: `E: Unable to locate package ${missing}` };
        pandas = true;
        pyarrow ||= command.includes("python3-pyarrow");
      }
      return { code: 0, stdout: "", stderr: "" };
    },
  };
  return { deps, commands };
}

describe("setUpPandas", () => {
  test("a pandas that imports is used as it is: no apt-get", async () => {
    const { deps, commands } = machine({ pandas: true, debian: ["python3-pandas"] });
    expect(await setUpPandas(deps)).toEqual({
      python: DEBIAN_PYTHON,
      pandasVersion: "1.5.3",
      parquetEngine: undefined,
      installed: [],
    });
    expect(commands).toEqual(["probe"]);
  });

  test("installs python3-pandas with apt-get after one update; python3-pyarrow only where Debian has it", async () => {
    const bookworm = machine({ pandas: false, debian: ["python3-pandas"] });
    expect((await setUpPandas(bookworm.deps)).installed).toEqual(["python3-pandas"]);
    expect(bookworm.commands).toEqual([
      "probe",
      "apt-get update",
      "apt-cache policy python3-pyarrow",
      "apt-get install -y --no-install-recommends python3-pandas",
      "probe",
    ]);

    const trixie = machine({ pandas: false, debian: ["python3-pandas", "python3-pyarrow"] });
    const setup = await setUpPandas(trixie.deps);
    expect(setup.installed).toEqual(["python3-pandas", "python3-pyarrow"]);
    expect(setup.parquetEngine).toBe("pyarrow");
  });

  test("unavailable, with the reason, when it cannot be installed", async () => {
    const notRoot = machine({ pandas: false, debian: ["python3-pandas"], isRoot: false });
    await expect(setUpPandas(notRoot.deps)).rejects.toThrow(
      new PeerUnavailable("python3-pandas is not installed and the bench is not root"),
    );
    const noPackage = machine({ pandas: false, debian: [] });
    await expect(setUpPandas(noPackage.deps)).rejects.toThrow(
      "apt-get install python3-pandas failed: E: Unable to locate package python3-pandas",
    );
  });
});
