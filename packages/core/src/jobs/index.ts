export * from "./jobs.ts";
export * from "./owner-jobs.ts";
export * from "./schemas.ts";
