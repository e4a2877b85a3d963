/**
 * Whether the public may see a printer and send it orders (issue 21): the one rule the public
 * list, the finder, choose-printer, a printer's public page, the landing figures and submit-order
 * read. A printer suspended by staff, or whose owner is suspended, is not listed; its owner still
 * sees it on their dashboard. Pure: the screens may read it too.
 */
export interface ListingFlags {
  suspendedAt?: string | undefined;
  ownerSuspendedAt?: string | undefined;
}

export const isSuspendedPrinter = (p: ListingFlags): boolean => !!(p.suspendedAt || p.ownerSuspendedAt);

export const isPubliclyListed = (p: ListingFlags): boolean => !isSuspendedPrinter(p);
