import { z } from "zod";
import type { OrderRecord } from "../orders/load.ts";
import type { PrinterRecord } from "../printers/present.ts";
import { formatOrderNumber } from "../refs/numbers.ts";
import { JOB_STATUSES } from "../shared/lifecycle.ts";
import { PAYMENT_STATUSES, refundableCents } from "../shared/payment-status.ts";
import { centsToDecimal } from "../shared/pricing.ts";
import type { UserRecord } from "../users/present.ts";

/**
 * What staff see of accounts, printers and orders (issue 21 point 5): more than the public (e-mails,
 * suspension, open orders), never a secret (no password hash, no TOTP secret, no street).
 */

const suspensionSchema = z.object({ at: z.string(), reason: z.string() }).nullable();

export const staffUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    username: z.string(),
    name: z.string().nullable(),
    userType: z.enum(["customer", "printer_owner", "both"]),
    isStaff: z.boolean(),
    suspension: suspensionSchema,
    createdAt: z.string(),
  })
  .meta({ id: "StaffUser", description: "An account as staff see it." });
export type StaffUser = z.infer<typeof staffUserSchema>;

export const staffPrinterSchema = z
  .object({
    id: z.string(),
    number: z.number().int().nullable(),
    name: z.string(),
    model: z.string(),
    location: z.string(),
    ownerId: z.string(),
    ownerEmail: z.string().nullable(),
    isAvailable: z.boolean(),
    /** This printer's own suspension. */
    suspension: suspensionSchema,
    /** Hidden because its owner's account is suspended. */
    ownerSuspended: z.boolean(),
    openOrders: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: "StaffPrinter", description: "A printer as staff see it." });
export type StaffPrinter = z.infer<typeof staffPrinterSchema>;

export const staffOrderSchema = z
  .object({
    id: z.string(),
    orderNumber: z.string().nullable(),
    status: z.enum(JOB_STATUSES),
    fileName: z.string(),
    customerId: z.string(),
    customerEmail: z.string().nullable(),
    printerId: z.string().nullable(),
    printerName: z.string().nullable(),
    ownerEmail: z.string().nullable(),
    totalCost: z.string().meta({ description: "Dollars, as the order's totalCost" }),
    paymentStatus: z.enum(PAYMENT_STATUSES).nullable().meta({ description: "Where the customer's money is (null: never paid)" }),
    refundable: z.string().meta({ description: "Dollars still refundable: captured less already refunded (staff's Refund)" }),
    refundableCents: z.number().int(),
    refunded: z.string().meta({ description: "Dollars Stripe has confirmed refunded" }),
    refundOwed: z.string().meta({ description: "Dollars of refunds recorded and not yet confirmed by Stripe" }),
    cancelReason: z.string().nullable(),
    submittedAt: z.string().nullable(),
  })
  .meta({ id: "StaffOrder", description: "An order as staff see it." });
export type StaffOrder = z.infer<typeof staffOrderSchema>;

const fullName = (u: Pick<UserRecord, "firstName" | "lastName">) => [u.firstName, u.lastName].filter(Boolean).join(" ") || null;

export function presentStaffUser(u: UserRecord): StaffUser {
  return {
    id: u.userId,
    email: u.email,
    username: u.username,
    name: fullName(u),
    userType: u.userType,
    isStaff: u.staff === true,
    suspension: u.suspendedAt ? { at: u.suspendedAt, reason: u.suspensionReason ?? "" } : null,
    createdAt: u.createdAt,
  };
}

export function presentStaffPrinter(p: PrinterRecord, ownerEmail: string | null): StaffPrinter {
  return {
    id: p.printerId,
    number: p.printerNumber ?? null,
    name: p.name,
    model: p.model,
    location: `${p.city}, ${p.state}`,
    ownerId: p.ownerId,
    ownerEmail,
    isAvailable: p.isAvailable,
    suspension: p.suspendedAt ? { at: p.suspendedAt, reason: p.suspensionReason ?? "" } : null,
    ownerSuspended: !!p.ownerSuspendedAt,
    openOrders: p.openOrders ?? 0,
    createdAt: p.createdAt,
  };
}

export function presentStaffOrder(
  j: OrderRecord,
  people: { customerEmail: string | null; printer: PrinterRecord | null; ownerEmail: string | null },
): StaffOrder {
  return {
    id: j.jobId,
    orderNumber: formatOrderNumber(j.orderNumber),
    status: j.status,
    fileName: j.fileName,
    customerId: j.customerId,
    customerEmail: people.customerEmail,
    printerId: j.orderPrinterId ?? j.printerId ?? null,
    printerName: people.printer?.name ?? null,
    ownerEmail: people.ownerEmail,
    totalCost: centsToDecimal(j.pricing.totalCents),
    paymentStatus: j.payment?.status ?? null,
    refundable: centsToDecimal(refundableCents(j.payment, j.refundsOwedCents)),
    refundableCents: refundableCents(j.payment, j.refundsOwedCents),
    refunded: centsToDecimal(j.payment?.refundedCents ?? 0),
    refundOwed: centsToDecimal(Math.max(0, j.refundsOwedCents ?? 0)),
    cancelReason: j.cancelReason ?? null,
    submittedAt: j.submittedAt ?? null,
  };
}
