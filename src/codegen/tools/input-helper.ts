import type { PythonHelper } from "../types";

/** JSON as Weft reads it (src/formats/json/reader.ts): the first significant byte and the first line decide. */
export const SCAN_JSON_HELPER: PythonHelper = {
  name: "scan_json",
  imports: ["json"],
  source: String.raw`def scan_json(path: str, infer_schema_length: int) -> pl.LazyFrame:
    """Reads JSON as Weft does: JSON lines or one object when the file starts with "{", an array of objects with "["."""
    with open(path, "rb") as file:
        head = file.read(3)
        has_bom = head == b"\xef\xbb\xbf"
        text = b"" if has_bom else head
        while not text.strip(b" \t\r\n"):
            chunk = file.read(65536)
            if not chunk:
                raise ValueError(f"Cannot read {path}: the file is empty (whitespace only)")
            text += chunk
    first = text.lstrip(b" \t\r\n")[:1]
    if first not in (b"{", b"["):
        raise ValueError(f"Cannot read {path}: it is neither a JSON array of objects nor JSON lines")
    # An object that does not end on its first line is one object written over several (one row).
    one_object = False
    if first == b"{":
        with open(path, "rb") as file:
            file.seek(3 if has_bom else 0)
            line = next((line for line in file if line.strip()), b"")
        try:
            json.loads(line)
        except ValueError:
            one_object = True
    if first == b"{" and not has_bom and not one_object:
        return pl.scan_ndjson(path, infer_schema_length=infer_schema_length)
    with open(path, "rb") as file:
        data = file.read()[3 if has_bom else 0 :]
    if first == b"{" and not one_object:
        return pl.read_ndjson(data, infer_schema_length=infer_schema_length).lazy()
    return pl.read_json(data, infer_schema_length=infer_schema_length).lazy()`,
};

/** QVD (Qlik) has no Polars reader; PyQvd decodes it. */
export const READ_QVD_HELPER: PythonHelper = {
  name: "read_qvd",
  source: `def read_qvd(path: str) -> pl.LazyFrame:
    """Reads a QVD file with PyQvd (Weft decodes QVD itself; Polars has no reader for it)."""
    from pyqvd import QvdTable

    return pl.from_pandas(QvdTable.from_qvd(path).to_pandas()).lazy()`,
};

/** YXDB (Alteryx) has no Polars reader; the yxdb package decodes it record by record. */
export const READ_YXDB_HELPER: PythonHelper = {
  name: "read_yxdb",
  source: `def read_yxdb(path: str) -> pl.LazyFrame:
    """Reads an Alteryx YXDB file with the yxdb package (Weft decodes YXDB itself; Polars has no reader for it)."""
    from yxdb.yxdb_reader import YxdbReader

    reader = YxdbReader(path=path)
    try:
        names = [field.name for field in reader.list_fields()]
        rows = []
        while reader.next():
            rows.append([reader.read_index(i) for i in range(len(names))])
    finally:
        reader.close()
    return pl.DataFrame(rows, schema=names, orient="row", infer_schema_length=None).lazy()`,
};
