import type { InferRequestType, InferResponseType } from "hono/client";
import type { client } from "./client";

/**
 * The API's answers and request bodies as the site reads and sends them: every type here is
 * inferred from the server's route declarations (docs/api.md), none is written by hand. When the
 * server changes an answer's schema, the screens that read the changed field fail the typecheck.
 * Screens and tests import these; only the area modules (auth, jobs, printers, ...) call `client`.
 */
type Api = typeof client.api;

// ---- accounts, stats, notifications

/** The signed-in user (GET /api/auth/user, which answers null when signed out; the answer of login and register). */
export type User = NonNullable<InferResponseType<Api["auth"]["user"]["$get"], 200>>;
export type UserType = User["userType"];
export type LoginBody = InferRequestType<Api["login"]["$post"]>["json"];
export type RegisterBody = InferRequestType<Api["register"]["$post"]>["json"];

/** The landing page's figures (GET /api/stats). */
export type Stats = InferResponseType<Api["stats"]["$get"], 200>;

/** One of the bell's notifications (GET /api/users/{id}/notifications). */
export type Notification = Extract<InferResponseType<Api["users"][":id"]["notifications"]["$get"], 200>, unknown[]>[number];

// ---- uploads

/** Where and how to send a design to S3 (POST /api/uploads). */
export type Presigned = InferResponseType<Api["uploads"]["$post"], 201>;
export type NewUploadBody = InferRequestType<Api["uploads"]["$post"]>["json"];
/** An upload and, once done, the server's analysis or why it failed (GET /api/uploads/{id}). */
export type UploadRecord = InferResponseType<Api["uploads"][":id"]["$get"], 200>;

// ---- photos and the quality test (issue 21)

/** Where and how to send a photo to S3 (POST /api/photos). */
export type PresignedPhoto = InferResponseType<Api["photos"]["$post"], 201>;
export type NewPhotoBody = InferRequestType<Api["photos"]["$post"]>["json"];
export type PhotoPurpose = NewPhotoBody["purpose"];
/** A photo's state and, once ready, its short-lived links (GET /api/photos/{id}). */
export type Photo = InferResponseType<Api["photos"][":id"]["$get"], 200>;
/** The test piece (GET /api/quality-test). */
export type QualityTest = InferResponseType<Api["quality-test"]["$get"], 200>;
/** An owner's printer and its quality test (GET /api/printers/{id}/verification). */
export type PrinterVerification = InferResponseType<Api["printers"][":id"]["verification"]["$get"], 200>;
export type Verification = NonNullable<PrinterVerification["latest"]>;
export type VerificationBody = InferRequestType<Api["printers"][":id"]["verification"]["$post"]>["json"];
/** One attempt in staff's queue (GET /api/staff/verifications). */
export type QueuedVerification = InferResponseType<Api["staff"]["verifications"]["$get"], 200>[number];
export type VerificationDecisionBody = InferRequestType<Api["staff"]["verifications"][":id"]["$post"]>["json"];

// ---- jobs: saved prints (drafts) and orders

/** A saved print or an order (GET /api/drafts/{id}, /api/print-jobs/{id}, the drafts list). */
export type Job = InferResponseType<Api["drafts"][":id"]["$get"], 200>;
export type JobPricing = Job["pricing"];
export type DeliveryMethod = Job["deliveryMethod"];
/**
 * A job sent to an owner's printers, as the lists give it (GET /api/users/{id}/printer-jobs, the
 * printer's queue): the job, the customer's name and what the cards show; the order's page
 * (`Order`) has every figure.
 */
export type OwnerJob = Extract<InferResponseType<Api["users"][":id"]["printer-jobs"]["$get"], 200>, unknown[]>[number];
/** The answer of save-draft and upload-design: the new draft and its id. */
export type SavedDraft = InferResponseType<Api["save-draft"]["$post"], 201>;
/** A new draft (save-draft and upload-design): made from an upload. */
export type NewDraftBody = InferRequestType<Api["save-draft"]["$post"]>["json"];
/** A draft's changes (PUT /api/drafts/{id}): the same fields, the upload only when the file is replaced. */
export type DraftBody = InferRequestType<Api["drafts"][":id"]["$put"]>["json"];
export type SubmitOrderBody = InferRequestType<Api["submit-order"]["$post"]>["json"];
export type SubmittedOrder = InferResponseType<Api["submit-order"]["$post"], 201>;

// ---- orders, checkout and payment

/** An order as its viewer (customer or printer owner) sees it (GET /api/print-jobs/{id}): number, payment, shipping, people. */
export type Order = InferResponseType<Api["print-jobs"][":id"]["$get"], 200>;
export type OrderStatus = Order["status"];
/** The customer's orders (GET /api/users/{id}/jobs), newest first, as the lists give them (core orders/list-item.ts). */
export type CustomerOrder = Extract<InferResponseType<Api["users"][":id"]["jobs"]["$get"], 200>, unknown[]>[number];
/**
 * What every order answer has, a list's copy and the order's page alike (the page's parts, quote
 * and payment carry more): what a component that both show may read.
 */
export type OrderBasics = Omit<CustomerOrder, "partCount" | "copyCount">;
/** Shipping options for a parcel (POST /api/calculate-shipping). */
export type ShippingQuote = InferResponseType<Api["calculate-shipping"]["$post"], 200>;
export type ShippingOption = ShippingQuote["options"][number];
export type CalculateShippingBody = InferRequestType<Api["calculate-shipping"]["$post"]>["json"];
/** The order's PaymentIntent (POST /api/create-payment-intent). */
export type PaymentIntent = InferResponseType<Api["create-payment-intent"]["$post"], 200>;
/** Which card form checkout shows (GET /api/payments/config). */
export type PaymentsConfig = InferResponseType<Api["payments"]["config"]["$get"], 200>;

// ---- printers

/** A printer as anyone sees it (GET /api/printers/{id}); the lists' printers are this and more. */
export type Printer = InferResponseType<Api["printers"][":id"]["$get"], 200>;
/** GET /api/printers answers the spec's array, a page of it (with `limit`) or a map's view (with `bbox`). */
type PrintersAnswer = InferResponseType<Api["printers"]["$get"], 200>;
/** A printer in the marketplace listing (GET /api/printers): with `zip`, its distance. */
export type ListedPrinter = Extract<PrintersAnswer, unknown[]>[number];
/** A page of the finder (GET /api/printers with `limit`): `nextCursor` absent on the last page. */
export type PrinterPage = Extract<PrintersAnswer, { items: ListedPrinter[] }>;
/** What a map shows of a bbox (GET /api/printers with `bbox`): printers, or clusters with a count. */
export type PrinterView = Exclude<PrintersAnswer, unknown[] | PrinterPage>;
export type PrinterCluster = Extract<PrinterView["items"][number], { cluster: true }>;
/** A printer as its owner sees it, with the private address (GET /api/users/{id}/printers). */
export type OwnPrinter = InferResponseType<Api["users"][":id"]["printers"]["$get"], 200>[number];
export type InventoryItem = Printer["filamentInventory"][number];
/** The marketplace listing's filters, as the route declares its query. */
export type PrintersQuery = NonNullable<InferRequestType<Api["printers"]["$get"]>["query"]>;
export type CreatePrinterBody = InferRequestType<Api["printers"]["$post"]>["json"];
export type UpdatePrinterBody = InferRequestType<Api["printers"][":id"]["$put"]>["json"];

// ---- orders as the printer's owner handles them: respond, the next step, the design file, payouts

/** The owner's answer to a request (POST /api/print-jobs/{id}/respond). */
export type RespondBody = InferRequestType<Api["print-jobs"][":id"]["respond"]["$post"]>["json"];
export type RespondAnswer = InferResponseType<Api["print-jobs"][":id"]["respond"]["$post"], 200>;
/** One step of the lifecycle by the status it reaches (PUT /api/print-jobs/{id}); shipping adds carrier and tracking number. */
export type OrderStepBody = InferRequestType<Api["print-jobs"][":id"]["$put"]>["json"];
/** A 5-minute link to the order's design file (GET /api/print-jobs/{id}/download). */
export type OrderFile = InferResponseType<Api["print-jobs"][":id"]["download"]["$get"], 200>;
/** An owner's earnings: pending, available, requested, paid, the payouts and the ledger (GET /api/users/{id}/payouts). */
/** The owner dashboard's figures (GET /api/users/{id}/printer-jobs/figures). */
export type OwnerFigures = InferResponseType<Api["users"][":id"]["printer-jobs"]["figures"]["$get"], 200>;
/** The customer dashboard's cards and tab counts (GET /api/users/{id}/jobs/figures). */
export type CustomerFigures = InferResponseType<Api["users"][":id"]["jobs"]["figures"]["$get"], 200>;
/** One printer's figures (GET /api/printers/{id}/jobs/figures). */
export type PrinterFigures = InferResponseType<Api["printers"][":id"]["jobs"]["figures"]["$get"], 200>;
export type PayoutSummary = InferResponseType<Api["users"][":id"]["payouts"]["$get"], 200>;
/** A payout in the owner's history (GET /api/users/{id}/payouts/history, and the summary's first page). */
export type PayoutRecord = PayoutSummary["payouts"][number];
/** One order's money in the owner's ledger (GET /api/users/{id}/ledger, and the summary's first page). */
export type LedgerLine = PayoutSummary["ledger"][number];
/** One Request Payout (POST /api/users/{id}/payouts). */
export type Payout = InferResponseType<Api["users"][":id"]["payouts"]["$post"], 201>;
/** The Stripe Connect account and its onboarding link (POST /api/users/{id}/payouts/connect). */
export type PayoutAccount = InferResponseType<Api["users"][":id"]["payouts"]["connect"]["$post"], 200>;
// ---- the money-back guarantee (issue 21 points 3 and 4)

/** An order's claim, as its customer and the printer's owner read it (GET /api/claims/{id}, and `claim` on an order). */
export type Claim = InferResponseType<Api["claims"][":id"]["$get"], 200>;
export type OpenClaimBody = InferRequestType<Api["print-jobs"][":id"]["claims"]["$post"]>["json"];
export type ClaimResponseBody = InferRequestType<Api["claims"][":id"]["response"]["$post"]>["json"];
export type DeclineOfferBody = InferRequestType<Api["claims"][":id"]["decline"]["$post"]>["json"];
export type ReprintBody = InferRequestType<Api["claims"][":id"]["reprint"]["$post"]>["json"];

// ---- conversations, the bell, ratings and profile (issue 10)

/** One message of an order's thread, oldest first (GET /api/print-jobs/{id}/messages, /api/jobs/{id}/messages). */
export type Message = Extract<InferResponseType<Api["print-jobs"][":id"]["messages"]["$get"], 200>, unknown[]>[number];
/** One of /messages' conversations (GET /api/users/{id}/conversations). */
export type Conversation = Extract<InferResponseType<Api["users"][":id"]["conversations"]["$get"], 200>, unknown[]>[number];
/** A customer's rating of a printer for one order. */
export type Review = InferResponseType<Api["print-jobs"][":id"]["review"]["$post"], 201>;
export type ReviewBody = InferRequestType<Api["print-jobs"][":id"]["review"]["$post"]>["json"];
/** A review of one of the owner's printers, with the printer's name and the order's file (GET /api/users/{id}/reviews). */
export type OwnerReview = Extract<InferResponseType<Api["users"][":id"]["reviews"]["$get"], 200>, unknown[]>[number];
/** Profile Settings' changes (PATCH /api/users/{id}). */
export type ProfileBody = InferRequestType<Api["users"][":id"]["$patch"]>["json"];

// ---- staff (issue 21 point 5) and reports (point 6)

/** A page of the staff audit log (GET /api/staff/audit). */
export type AuditPage = InferResponseType<Api["staff"]["audit"]["$get"], 200>;
export type AuditEntry = AuditPage["entries"][number];
/** What a staff look-up found (GET /api/staff/lookup?q=). */
export type StaffLookup = InferResponseType<Api["staff"]["lookup"]["$get"], 200>;
export type StaffUser = StaffLookup["users"][number];
export type StaffPrinter = StaffLookup["printers"][number];
export type StaffOrder = StaffLookup["orders"][number];
/** The open reports (GET /api/staff/reports). */
export type ReportQueue = InferResponseType<Api["staff"]["reports"]["$get"], 200>;
export type StaffReport = ReportQueue["reports"][number];
export type SuspensionBody = InferRequestType<Api["staff"]["users"][":id"]["suspension"]["$post"]>["json"];
export type ReportResolutionBody = InferRequestType<Api["staff"]["reports"][":id"]["resolution"]["$post"]>["json"];
/** The open claims, oldest first, as staff judge them (GET /api/staff/claims). */
export type StaffClaim = InferResponseType<Api["staff"]["claims"]["$get"], 200>[number];
export type StaffDecisionBody = InferRequestType<Api["staff"]["claims"][":id"]["decision"]["$post"]>["json"];
/** Money still owed after an hour, or refused by Stripe (GET /api/staff/money). */
export type OwedMoney = InferResponseType<Api["staff"]["money"]["$get"], 200>[number];
export type StaffRefundBody = InferRequestType<Api["staff"]["orders"][":id"]["refund"]["$post"]>["json"];
/** A report of a message or an account (POST /api/reports). */
export type ReportBody = InferRequestType<Api["reports"]["$post"]>["json"];
