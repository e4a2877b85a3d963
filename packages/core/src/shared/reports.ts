/**
 * Reporting a message or an account (issue 21 point 6): the kinds, the short list of reasons and
 * their words, and the states of a report. Pure: the report dialog shows the same list the server
 * checks, and the staff console reads the same words.
 */
export const REPORT_KINDS = ["message", "account"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_REASONS = ["harassment", "spam", "scam", "inappropriate", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_WORDS: Record<ReportReason, string> = {
  harassment: "Harassment or threats",
  spam: "Spam or advertising",
  scam: "A scam, or asking to pay outside Printhood",
  inappropriate: "Offensive or inappropriate content",
  other: "Something else",
};

export const REPORT_STATUSES = ["open", "resolved", "dismissed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** How long the words of a report may be. */
export const REPORT_DETAILS_MAX = 1000;
