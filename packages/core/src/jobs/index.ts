export * from "./fit.ts";
export * from "./jobs.ts";
export * from "./lifecycle.ts";
export * from "./options.ts";
export * from "./owner-groups.ts";
export * from "./owner-jobs.ts";
export * from "./schemas.ts";
