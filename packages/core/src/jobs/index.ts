export * from "./drafts.ts";
export * from "./parts.ts";
export * from "./present.ts";
export * from "./records.ts";
export * from "./reorder.ts";
export * from "./schemas.ts";
export * from "./submit.ts";
