import { isVerified, type VerificationState } from "./quality-test.ts";

/**
 * Whether the public may see a printer and send it orders (issue 21): the one rule the public
 * list, the finder, choose-printer, a printer's public page, the landing figures and submit-order
 * read. A printer that has not passed the quality test, or is suspended by staff, or whose owner
 * is suspended, is not listed; its owner still sees it on their dashboard. Pure: the screens may
 * read it too.
 */
export interface ListingFlags {
  suspendedAt?: string | undefined;
  ownerSuspendedAt?: string | undefined;
  verification?: VerificationState | undefined;
  /** A printer as the API presents it says `verified` instead. */
  verified?: boolean | undefined;
}

export const isSuspendedPrinter = (p: ListingFlags): boolean => !!(p.suspendedAt || p.ownerSuspendedAt);

export const isPubliclyListed = (p: ListingFlags): boolean => !isSuspendedPrinter(p) && isVerified(p);
