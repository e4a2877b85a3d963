export * from "../places/location.ts";
export * from "./create.ts";
export * from "./delete.ts";
export * from "./list.ts";
export * from "./present.ts";
export * from "./schemas.ts";
export * from "./update.ts";
