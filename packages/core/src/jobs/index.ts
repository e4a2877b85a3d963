export * from "./drafts.ts";
export * from "./present.ts";
export * from "./parts.ts";
export * from "./records.ts";
export * from "./schemas.ts";
export * from "./submit.ts";
export * from "./reorder.ts";
