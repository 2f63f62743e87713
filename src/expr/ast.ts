/**
 * The syntax tree of an expression string: the subset of Python that Polars expressions
 * are written in (`pl.col("price") * pl.col("qty")`, `pl.when(...).then(...)`). Every
 * node carries `pos`, the 0-based offset of its first character in the source, so an
 * error can say where. The parser builds only these kinds; anything else in the source
 * (lambda, comprehension, f-string, statement, ...) is an ExpressionError at parse time.
 */
export type Node =
  | NumberNode
  | StringNode
  | NameNode
  | AttributeNode
  | CallNode
  | SubscriptNode
  | UnaryNode
  | BinaryNode
  | CompareNode
  | BoolOpNode
  | ListNode
  | TupleNode;

export interface NumberNode {
  kind: "number";
  /** Integers beyond ±2^53 are bigint; floats are number. */
  value: number | bigint;
  isFloat: boolean;
  pos: number;
}

export interface StringNode {
  kind: "string";
  /** The decoded value (escapes applied; adjacent literals concatenated as in Python). */
  value: string;
  /** Bytes literals (b"...") are parsed so the checker can refuse them by name. */
  bytes: boolean;
  pos: number;
}

/** A bare name: `pl`, `True`, `False`, `None` are the only ones the checker accepts. */
export interface NameNode {
  kind: "name";
  name: string;
  pos: number;
}

/** `object.name` */
export interface AttributeNode {
  kind: "attribute";
  object: Node;
  name: string;
  /** Offset of the name after the dot. */
  namePos: number;
  pos: number;
}

export interface Keyword {
  name: string;
  value: Node;
  pos: number;
}

/** `callee(args..., name=value...)`; `*args`/`**kwargs` are refused by the parser. */
export interface CallNode {
  kind: "call";
  callee: Node;
  args: Node[];
  keywords: Keyword[];
  pos: number;
}

/** `object[index]` (slices `a[1:2]` are parsed into `slice`). */
export interface SubscriptNode {
  kind: "subscript";
  object: Node;
  index: Node | null;
  slice?: { start: Node | null; stop: Node | null; step: Node | null };
  pos: number;
}

export type UnaryOp = "-" | "+" | "~" | "not";
export interface UnaryNode {
  kind: "unary";
  op: UnaryOp;
  operand: Node;
  pos: number;
}

export type BinaryOp = "+" | "-" | "*" | "/" | "//" | "%" | "**" | "&" | "|" | "^" | "<<" | ">>" | "@";
export interface BinaryNode {
  kind: "binary";
  op: BinaryOp;
  left: Node;
  right: Node;
  /** Offset of the operator. */
  pos: number;
}

export type CompareOp = "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "not in" | "is" | "is not";
/** `a < b < c` is one node with two ops, as in Python (the checker refuses chains). */
export interface CompareNode {
  kind: "compare";
  left: Node;
  ops: CompareOp[];
  comparators: Node[];
  pos: number;
}

/** Python's `and` / `or` (the checker refuses them on expressions: `&` and `|` are meant). */
export interface BoolOpNode {
  kind: "boolop";
  op: "and" | "or";
  values: Node[];
  pos: number;
}

export interface ListNode {
  kind: "list";
  items: Node[];
  pos: number;
}

export interface TupleNode {
  kind: "tuple";
  items: Node[];
  pos: number;
}
