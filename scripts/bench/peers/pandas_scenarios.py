"""The pandas peer's child process: one scenario (scenarios.ts) as an analyst would write it
with pandas, run by Debian's /usr/bin/python3. Takes the job as one JSON argument and prints
its outcome as one JSON line starting with "BENCH_RESULT " (child.ts reads it): the wall time
of the work (not Python's start-up or the pandas import), this process's peak RSS, and the
answer (row count and first rows of the result)."""

import json
import math
import sys
import time

import pandas as pd

RESULT_PREFIX = "BENCH_RESULT "
TOP_ROWS = 5
P3_VALUES = ["qty", "note_len"]


def parquet_engine():
    """The Parquet library pandas would use, or None (Debian bookworm packages neither)."""
    for name in ("pyarrow", "fastparquet"):
        try:
            __import__(name)
            return name
        except ImportError:
            pass
    return None


def summarize(sales, customers):
    big = sales[sales["qty"] > 5]
    joined = big.merge(customers, on="customer_id", how="inner")
    out = joined.groupby(["segment", "product"], as_index=False).agg(
        qty_sum=("qty", "sum"), id_count=("id", "count"), price_mean=("price", "mean")
    )
    # Ties in qty_sum are broken by segment, then product, as every peer does.
    out = out.sort_values(["qty_sum", "segment", "product"], ascending=[False, True, True], kind="stable")
    return out.reset_index(drop=True)[["segment", "product", "qty_sum", "id_count", "price_mean"]]


def p1(job, engine):
    out = summarize(pd.read_csv(job["sales"]), pd.read_csv(job["customers"]))
    return write_result(out, job["out"], engine)


def p2(job, engine):
    out = summarize(pd.read_parquet(job["sales"]), pd.read_parquet(job["customers"]))
    return write_result(out, job["out"], engine)


def write_result(out, path, engine):
    if engine is not None:
        out.to_parquet(path, engine=engine, compression="zstd", index=False)
        return out, None
    out.to_csv(path.removesuffix(".parquet") + ".csv", index=False)
    return out, "the 32-row result is written as CSV: no Parquet library for pandas in Debian (python3-pyarrow)"


def p3(job, engine):
    columns = ["product", "region", "qty", "note"]
    unioned = pd.concat([pd.read_csv(job["sales"], usecols=columns) for _ in range(3)], ignore_index=True)
    unioned["product_code"] = unioned["product"].str.slice(0, 3).str.upper()
    unioned["region_name"] = unioned["region"].str.slice(0, 1).str.upper() + unioned["region"].str.slice(1)
    unioned["note_tag"] = unioned["note"].fillna("").str.lower().str.replace(" ", "_", regex=False)
    unioned["note_len"] = unioned["note_tag"].str.len()
    unioned["label"] = unioned["product_code"] + "-" + unioned["note_tag"]
    wide = unioned.pivot_table(index="label", columns="region_name", values=P3_VALUES, aggfunc="sum")
    regions = sorted(wide.columns.get_level_values(1).unique())
    wide = wide[[(v, r) for v in P3_VALUES for r in regions]]
    wide.columns = [f"{v}_{r}" for v, r in wide.columns]
    out = wide.sort_index().reset_index()
    out.to_csv(job["out"], index=False)
    return out, None


def plain(value):
    """A JSON value: numpy scalars as Python numbers, NaN (a pivot's empty cell) as null."""
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def own_peak_mb():
    """VmHWM of this process's own memory, in MiB. Not getrusage's ru_maxrss, which on Linux
    keeps the high-water mark from before exec (the forked copy of the harness)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return None


def main():
    job = json.loads(sys.argv[-1])
    engine = parquet_engine()
    if job["scenario"] == "P2" and engine is None:
        sys.exit("pandas cannot read Parquet here: Debian packages no python3-pyarrow or python3-fastparquet")
    run = {"P1": p1, "P2": p2, "P3": p3}[job["scenario"]]
    started = time.perf_counter()
    out, note = run(job, engine)
    ms = (time.perf_counter() - started) * 1000
    peak_mb = own_peak_mb()
    top = [[plain(v) for v in row] for row in out.head(TOP_ROWS).itertuples(index=False)]
    outcome = {"ms": ms, "peakRssMb": peak_mb, "answer": {"rows": len(out), "top": top}}
    if note is not None:
        outcome["note"] = note
    print(RESULT_PREFIX + json.dumps(outcome), flush=True)


if __name__ == "__main__":
    main()
