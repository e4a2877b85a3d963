/**
 * How big things may be: a design file and the texts people type. Import-free on purpose, so the
 * error registry (./errors.ts) can put these numbers in its sentences without an import cycle, and
 * the forms, the server's schemas and the messages read the same number (a changed size changes
 * every one of them). Pure: the web imports this module. Counted limits (uploads a day, saved
 * prints, …) live in core/src/limits/rules.ts.
 */

/** A design file: 50 MB (spec 1 §5: 52428800 bytes). */
export const MAX_UPLOAD_BYTES = 52_428_800;
/** The size limit in the spec's words' unit: 50 (MB of 1,048,576 bytes). */
export const MAX_UPLOAD_MB = Math.round(MAX_UPLOAD_BYTES / 1_048_576);

/** The largest build volume a printer's listing may give on any axis, in mm: no listed printer is bigger. */
export const BUILD_VOLUME_MAX_MM = 2000;

/** A message in an order's thread, in characters after trimming. */
export const MESSAGE_MAX_LENGTH = 5000;
/** The customer's special instructions on a draft or an order. */
export const SPECIAL_INSTRUCTIONS_MAX_LENGTH = 1000;
/** The owner's message when accepting, declining or moving an order on. */
export const OWNER_MESSAGE_MAX_LENGTH = 2000;
/** The owner's reason for proposing an adjusted price (price-proposals/). */
export const PRICE_REASON_MAX_LENGTH = 500;
/** How many adjusted prices an owner may propose on one order (each declined one counts). */
export const PRICE_PROPOSALS_PER_ORDER = 3;

/** A project (a draft or an order of several parts): at most this many design files (issue 22). */
export const MAX_PARTS = 20;
/** Copies of one part in a project: from 1 to 1,000 (issue 22). */
export const MIN_PART_QUANTITY = 1;
export const MAX_PART_QUANTITY = 1000;
/** A print's scale, a factor of the file's size (after its units): 0.1% to 100,000%. */
export const MIN_PRINT_SCALE = 0.001;
export const MAX_PRINT_SCALE = 1000;
