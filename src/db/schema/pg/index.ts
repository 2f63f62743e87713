/** The Hub's PostgreSQL schema, one file per resource; ../sqlite/ mirrors it column for column. */
export * from "./audit";
export * from "./connections";
export * from "./executions";
export * from "./grants";
export * from "./servers";
export * from "./settings";
export * from "./users";
export * from "./workflows";
