/** Printhood's public contact details (footer and Contact & Support page). */
export const SUPPORT_EMAIL = "support@printhood.app";
export const SUPPORT_PHONE = "(970) 555-0142";
export const SUPPORT_PHONE_HREF = "tel:+19705550142";
export const SUPPORT_HOURS = "Mon-Fri 9AM-6PM MST";
export const SUPPORT_LOCATION = "Northern Colorado";
