export * from "./ports.ts";
export * from "./seed.ts";
export * from "./stack.ts";
