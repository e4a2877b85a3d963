import { isVerified, type VerificationState } from "./quality-test.ts";

/**
 * Whether the public may see a printer and send it orders (issue 21): the one rule the public
 * list, the finder, choose-printer, a printer's public page, the landing figures and submit-order
 * read. A printer is listed once it has passed the quality test, and not while staff have
 * suspended it or its owner; its owner still sees it on their dashboard. Pure: the screens may
 * read it too.
 */
export interface ListingFlags {
  verification?: VerificationState | undefined;
  suspendedAt?: string | undefined;
  ownerSuspendedAt?: string | undefined;
}

export const isSuspendedPrinter = (p: ListingFlags): boolean => !!(p.suspendedAt || p.ownerSuspendedAt);

export const isPubliclyListed = (p: ListingFlags): boolean => isVerified(p) && !isSuspendedPrinter(p);
