export * from "./decide.ts";
export * from "./notify.ts";
export * from "./present.ts";
export * from "./read.ts";
export * from "./schemas.ts";
export * from "./submit.ts";
export * from "./test-piece.ts";
