export * from "./reviews.ts";
export * from "./schemas.ts";
