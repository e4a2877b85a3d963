/**
 * How big a page of any list is, how long a page marker lasts and how far the finder looks
 * (issue 23). Pure: the site reads these too, and the error sentences read them.
 */

/** A page when `limit` is not given with a cursor-paged call (the finder's 24 cards). */
export const PAGE_SIZE_DEFAULT = 24;
/** The most `limit` may ask, and what a list answers at most when asked without `limit` (the spec's shape). */
export const PAGE_SIZE_MAX = 100;
/** A page marker is good this many hours. */
export const CURSOR_MAX_AGE_HOURS = 24;
/** The finder's reach from the ZIP asked when no `radius` is given, and the most it may ask, in miles. */
export const RADIUS_DEFAULT_MILES = 100;
export const RADIUS_MAX_MILES = 500;
