import type { PythonHelper } from "./types";

/** How many rows `main()` prints of each tool nothing reads from. */
export const PREVIEW_ROWS = 10;

/** Prints a frame's first rows: what Weft previews of a tool without a downstream tool. */
export const SHOW_HELPER: PythonHelper = {
  name: "show",
  source: `def show(title: str, frame: pl.LazyFrame) -> None:
    """Prints the first PREVIEW_ROWS rows of a tool's output."""
    print(f"\\n{title}")
    with pl.Config(tbl_rows=PREVIEW_ROWS, tbl_cols=-1, fmt_str_lengths=80):
        print(frame.head(PREVIEW_ROWS).collect(engine="streaming"))`,
};

/**
 * Writes a file as Weft's Output tool does (src/formats/atomic-write.ts): refuses an existing
 * target when if_exists is "fail", creates the folder, writes a temp file in a hidden folder
 * beside the target and renames it over the target only once it is complete.
 */
export const WRITE_HELPER: PythonHelper = {
  name: "write_file",
  imports: ["os", "shutil", "tempfile"],
  source: `def write_file(path: str, write, if_exists: str = "replace") -> None:
    """Writes path atomically with write(temp_path); if_exists "fail" keeps an existing file."""
    if if_exists == "fail" and os.path.exists(path):
        raise FileExistsError(f'{path} exists and if_exists is "fail"')
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    temp_folder = tempfile.mkdtemp(prefix=f".{os.path.basename(path)}.weft-", dir=folder)
    try:
        # The .tmp suffix keeps Polars from reading a compression out of the extension.
        temp_path = os.path.join(temp_folder, os.path.basename(path) + ".tmp")
        write(temp_path)
        os.replace(temp_path, path)
    finally:
        shutil.rmtree(temp_folder, ignore_errors=True)
    print(f"Wrote {path}")`,
};
