export * from "./drafts.ts";
export * from "./present.ts";
export * from "./quote.ts";
export * from "./records.ts";
export * from "./schemas.ts";
export * from "./submit.ts";
