import type { PythonHelper } from "../types";

/**
 * The Python of Weft's Join (join/index.ts, columns.ts, keys.ts): its output columns depend on
 * both inputs' schemas, which the script reads when it runs.
 */
export const JOIN_HELPER: PythonHelper = {
  name: "join_frames",
  source: `def join_frames(left: pl.LazyFrame, right: pl.LazyFrame, how: str, left_on: list, right_on: list, suffix: str):
    """Weft's Join. Answers (match, left rows that matched nothing, right rows that matched nothing).

    match is the join of kind how; the two others hold, whatever how is, the rows of each side
    that found no partner (both empty for a cross join). Null keys never match. Columns: the
    left input's, then the right input's without its key columns (a full join keeps them); in
    a right join the key columns hold the right rows' values under the left names; a right
    column whose name is taken gets suffix. Rows keep the left input's order (the right
    input's for a right join), the partners of one row in the other input's order.
    """
    left_schema, right_schema = left.collect_schema(), right.collect_schema()
    left_names, right_names = left_schema.names(), right_schema.names()
    if how == "cross":
        renames = _join_output_names(left_names, right_names, suffix)
        match = left.join(right.rename(renames), how="cross", maintain_order="left_right")
        return match, left.limit(0), right.limit(0)
    kept = right_names if how == "full" else [name for name in right_names if name not in right_on]
    renames = _join_output_names(left_names, kept, suffix)
    used = set(left_names) | set(right_names) | set(renames.values())
    left_keys = [_join_fresh_name(f"__weft_left_key_{i}", used) for i in range(len(left_on))]
    right_keys = [_join_fresh_name(f"__weft_right_key_{i}", used) for i in range(len(right_on))]
    # Each key pair is compared in one type (Int32 meets Int64); the columns keep their own.
    types = [_join_key_type(l, r, left_schema[l], right_schema[r]) for l, r in zip(left_on, right_on)]
    left_keyed = left.with_columns(pl.col(c).cast(t).alias(k) for c, t, k in zip(left_on, types, left_keys))
    right_keyed = right.with_columns(pl.col(c).cast(t).alias(k) for c, t, k in zip(right_on, types, right_keys))
    joined = left_keyed.join(
        right_keyed.select(*[pl.col(name).alias(renames[name]) for name in kept], *right_keys),
        left_on=left_keys,
        right_on=right_keys,
        how=how,
        coalesce=False,
        maintain_order="right_left" if how == "right" else "left_right",
    )
    right_key_of = dict(zip(left_on, right_keys))
    match = joined.select(
        *[
            pl.col(right_key_of[name]).alias(name) if how == "right" and name in right_key_of else pl.col(name)
            for name in left_names
        ],
        *[pl.col(renames[name]) for name in kept],
    )
    unmatched_left = left_keyed.join(
        right_keyed.select(right_keys), left_on=left_keys, right_on=right_keys, how="anti", maintain_order="left"
    ).select(left_names)
    unmatched_right = right_keyed.join(
        left_keyed.select(left_keys), left_on=right_keys, right_on=left_keys, how="anti", maintain_order="left"
    ).select(right_names)
    return match, unmatched_left, unmatched_right


def _join_output_names(left_names: list, kept: list, suffix: str) -> dict:
    """The right columns' output names: suffix added to a taken name; never a third invented name."""
    taken, kept_set, names = set(left_names), set(kept), {}
    for name in kept:
        out = name
        if name in taken:
            out = name + suffix
            if out in taken or out in kept_set:
                raise ValueError(
                    f'Suffix "{suffix}" does not make a unique name: right column "{name}" would become '
                    f'"{out}", which already exists; choose another suffix'
                )
        taken.add(out)
        names[name] = out
    return names


def _join_fresh_name(base: str, used: set) -> str:
    while base in used:
        base = "_" + base
    used.add(base)
    return base


def _join_key_type(left_name: str, right_name: str, left_type, right_type):
    """The type a key pair is compared in; text with numbers, dates with date-times are refused."""
    if left_type == right_type or right_type == pl.Null:
        return left_type
    if left_type == pl.Null:
        return right_type
    wider = pl.concat(
        [pl.LazyFrame(schema={"k": left_type}), pl.LazyFrame(schema={"k": right_type})], how="vertical_relaxed"
    ).collect_schema()["k"]
    textual = [t == pl.String or isinstance(t, (pl.Categorical, pl.Enum)) for t in (left_type, right_type)]
    integers = left_type.is_integer() and right_type.is_integer()
    if (
        (wider == pl.String and not all(textual))
        or (integers and not wider.is_integer())
        or pl.Date in (left_type, right_type)
    ):
        raise ValueError(
            f'Key columns "{left_name}" ({left_type}, left) and "{right_name}" ({right_type}, right) have types '
            "that cannot be compared; cast one of them first"
        )
    return wider`,
};
