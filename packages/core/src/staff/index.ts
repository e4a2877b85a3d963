export * from "./actions.ts";
export * from "./audit.ts";
export * from "./grant.ts";
export * from "./schemas.ts";
export * from "./totp.ts";
