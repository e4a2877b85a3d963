export * from "./access.ts";
export * from "./conversations.ts";
export * from "./post.ts";
export * from "./present.ts";
export * from "./read.ts";
export * from "./schemas.ts";
