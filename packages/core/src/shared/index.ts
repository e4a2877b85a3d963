/**
 * The browser-safe part of core: pure rules with no I/O and no Node APIs, used by the server and
 * the site alike (the web may import only from here and from ../analysis). One home per rule:
 * docs/architecture.md "Where each kind of rule lives".
 */
export * from "./avatars.ts";
export * from "./colors.ts";
export * from "./compatibility.ts";
export * from "./conversation.ts";
export * from "./earnings.ts";
export * from "./email-kinds.ts";
export * from "./errors.ts";
export * from "./fit.ts";
export * from "./job-groups.ts";
export * from "./lifecycle.ts";
export * from "./listing.ts";
export * from "./materials.ts";
export * from "./options.ts";
export * from "./paging.ts";
export * from "./passwords.ts";
export * from "./payment-status.ts";
export * from "./photos.ts";
export * from "./pricing.ts";
export * from "./printer-models.ts";
export * from "./quality-test.ts";
export * from "./quote.ts";
export * from "./random.ts";
export * from "./recent.ts";
export * from "./reports.ts";
export * from "./sizes.ts";
export * from "./tallies.ts";
export * from "./text.ts";
export * from "./uploads.ts";
export * from "./words.ts";
