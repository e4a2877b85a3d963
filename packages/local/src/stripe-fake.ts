export * from "./stripe-fake/index.ts";
