export * from "./stack.ts";
export * from "./seed.ts";
export * from "./ports.ts";
