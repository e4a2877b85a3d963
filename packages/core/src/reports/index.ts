export * from "./create.ts";
export * from "./present.ts";
export * from "./queue.ts";
export * from "./schemas.ts";
