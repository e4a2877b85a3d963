export * from "./access.ts";
export * from "./claim.ts";
export * from "./email-link.ts";
export * from "./photos.ts";
export * from "./present.ts";
