import { Entity } from "electrodb";
import { keys, SERVICE } from "./common.ts";

/**
 * One line of the staff audit log (issue 21 point 5): who (the staff member, by id and the e-mail
 * they had then), when, what (an action name from core/staff/actions.ts), on what (kind, id and a
 * label a person reads: an e-mail, an order number) and why (the reason staff gave). Create-only:
 * no code updates or deletes it (core/staff/audit.ts is the only writer; a test checks that no
 * source file patches, updates, upserts, puts or deletes an `auditEntries` item), and the create is
 * conditional on the item not existing, so a line can never be overwritten either.
 *
 * The log reads newest first from one partition (sk `at#auditId`): staff actions are a handful a
 * minute at most. Each target's history reads from gsi1 (`targetId`), newest first.
 */
export const AuditEntryEntity = new Entity({
  model: { entity: "auditEntry", version: "1", service: SERVICE },
  attributes: {
    auditId: { type: "string", required: true, readOnly: true },
    at: { type: "string", required: true, readOnly: true },
    staffId: { type: "string", required: true, readOnly: true },
    staffEmail: { type: "string", required: true, readOnly: true },
    action: { type: "string", required: true, readOnly: true },
    targetKind: { type: "string", required: true, readOnly: true },
    targetId: { type: "string", required: true, readOnly: true },
    /** What a person reads for the target (an e-mail, "PH-10423", a printer's name). */
    targetLabel: { type: "string", readOnly: true },
    reason: { type: "string", required: true, readOnly: true },
    /** Facts of the action beyond its reason (e.g. the orders a suspension cancelled): a small JSON object. */
    details: { type: "any", readOnly: true },
  },
  indexes: {
    primary: {
      ...keys.primary,
      pk: { ...keys.primary.pk, composite: [] },
      sk: { ...keys.primary.sk, composite: ["at", "auditId"] },
    },
    byTarget: {
      ...keys.gsi1,
      pk: { ...keys.gsi1.pk, composite: ["targetId"] },
      sk: { ...keys.gsi1.sk, composite: ["at", "auditId"] },
    },
  },
});
