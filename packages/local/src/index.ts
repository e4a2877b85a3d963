export * from "./demo/story.ts";
export * from "./http/fetch-from.ts";
export * from "./ports.ts";
export * from "./quality-tests.ts";
export * from "./readiness.ts";
export * from "./seed.ts";
export * from "./stack.ts";
export * from "./start-failure.ts";
