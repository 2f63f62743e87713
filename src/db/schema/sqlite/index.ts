/** The Hub's SQLite schema, one file per resource; ../pg/ mirrors it column for column. */
export * from "./audit";
export * from "./connections";
export * from "./executions";
export * from "./grants";
export * from "./servers";
export * from "./settings";
export * from "./users";
export * from "./workflows";
