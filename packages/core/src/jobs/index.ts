export * from "./lifecycle.ts";
export * from "./options.ts";
export * from "./schemas.ts";
export * from "./jobs.ts";
export * from "./fit.ts";
export * from "./owner-jobs.ts";
export * from "./owner-groups.ts";
