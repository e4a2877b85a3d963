/** An adjusted price within the estimate's range, proposed by the owner and agreed by the customer (issue 25 point 4). */
export * from "./events.ts";
export * from "./new-hold.ts";
export * from "./notify.ts";
export * from "./proposals.ts";
export * from "./rules.ts";
export * from "./schemas.ts";
