/** The money-back guarantee (issue 21 §4): claims, their answers and decisions. */
export * from "./events.ts";
export * from "./notify.ts";
export * from "./open.ts";
export * from "./read.ts";
export * from "./reprint.ts";
export * from "./respond.ts";
export * from "./schemas.ts";
export * from "./settle.ts";
export * from "./staff.ts";
