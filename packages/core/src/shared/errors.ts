/**
 * The one way to fail (architecture rule 3) and the one registry of error codes. Every error a
 * person can see is made here by `fail(code, params)`: the code fixes its kind (so its HTTP status)
 * and its message, one sentence per code or one template filled with the case's details. The API
 * maps `kind` to a status in one place (packages/functions/src/api/errors.ts) and documents every
 * code in its OpenAPI document (per route, and all of them in components). Anything else is a
 * logged 500. Pure: the web may import it to read codes and statuses.
 */

// Sentences that name a limit read it from where it is set (sizes.ts, limits/rules.ts), never a copy.
import { ORDERS_PER_PRINTER_PER_HOUR, PRINTERS_PER_OWNER, SAVED_PRINTS, UNPAID_ORDERS, UPLOADS_PER_DAY } from "../limits/rules.ts";
import { CURSOR_MAX_AGE_HOURS } from "./paging.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./passwords.ts";
import { MAX_PHOTO_MB, MAX_PHOTOS_PER_DAY, MAX_PHOTOS_PER_LINK } from "./photos.ts";
import { MAX_UPLOAD_MB, MESSAGE_MAX_LENGTH, PRICE_PROPOSALS_PER_ORDER } from "./sizes.ts";
import { thousands } from "./words.ts";

export type ErrorKind =
  | "invalid" // 400
  | "unauthenticated" // 401
  | "forbidden" // 403
  | "not_found" // 404
  | "conflict" // 409
  | "too_large" // 413
  | "unprocessable" // 422: well formed, but missing what the step needs (Mark Complete without a photo)
  | "rate_limited" // 429
  | "internal"; // 500

export const STATUS_BY_KIND = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
} as const satisfies Record<ErrorKind, number>;

export type ErrorStatus = (typeof STATUS_BY_KIND)[ErrorKind];

// biome-ignore lint/suspicious/noExplicitAny: a template's parameters differ per code; `fail` types them per code
type Template = (params: any) => string;
interface ErrorDef {
  kind: ErrorKind;
  /** The sentence shown to the person, or a template filled with the case's details. */
  message: string | Template;
  /** The input field the error is about, always (a form shows the message under it). */
  field?: string;
}

const T = <P>(template: (params: P) => string) => template;

/** Every error code the API answers with. Keep messages in words a customer or owner can act on. */
export const ERRORS = {
  // The request itself (any route)
  invalid_input: { kind: "invalid", message: T<{ detail: string }>((p) => p.detail) },
  unknown_field: {
    kind: "invalid",
    // `fields` is the list as written ("a, b"): several names make the word plural.
    message: T<{ fields: string }>((p) => `Unexpected field${p.fields.includes(",") ? "s" : ""}: ${p.fields}.`),
  },
  missing_field: { kind: "invalid", message: T<{ field: string }>((p) => `${p.field} is required.`) },
  json_required: { kind: "invalid", message: "Please send the request as JSON (Content-Type: application/json)." },
  bad_json: { kind: "invalid", message: "The request body is not valid JSON." },
  bad_form: { kind: "invalid", message: "The form data could not be read." },
  file_not_accepted: {
    kind: "invalid",
    message: "Upload the design with /api/uploads first, then send its uploadId instead of the file.",
  },
  request_too_large: { kind: "too_large", message: "The request is too large." },
  http_error: { kind: "invalid", message: "The request could not be handled." },
  not_found: { kind: "not_found", message: "There is nothing at this address." },
  cross_origin: { kind: "forbidden", message: "This request came from another site and was refused." },
  internal: { kind: "internal", message: "Something went wrong on our side. Please try again." },

  // Who is asking
  not_signed_in: { kind: "unauthenticated", message: "Please sign in to continue." },
  not_your_account: { kind: "forbidden", message: "You can only see your own account's information." },
  owner_mismatch: { kind: "forbidden", message: "You can only add printers to your own account." },
  // One answer for a taken email and a taken username, so sign-up does not tell which (DECISIONS.md).
  /** Changing one's own username on /profile (sign-up answers account_taken, which names neither). */
  username_taken: { kind: "conflict", field: "username", message: "That username is taken. Please choose another." },
  account_taken: {
    kind: "conflict",
    message: "That email or username is already in use. If it is yours, please sign in; otherwise choose another.",
  },
  register_conflict: { kind: "conflict", message: "We could not create your account just now. Please try again." },
  invalid_credentials: { kind: "unauthenticated", message: "Invalid email or password." },
  // Ten wrong passwords in a row for one email from one address lock that pair (auth/sign-in-throttle.ts).
  too_many_attempts: {
    kind: "rate_limited",
    message: T<{ minutes: number }>(
      (p) => `Too many sign-in attempts. Please wait ${p.minutes} minute${p.minutes > 1 ? "s" : ""} and try again.`,
    ),
  },
  // Many wrong passwords for one email across addresses: an address that has failed waits its turn (Retry-After).
  sign_in_slowed: {
    kind: "rate_limited",
    message: T<{ wait: string }>(
      (p) => `There have been many wrong passwords for this account lately. Please wait ${p.wait} and try again.`,
    ),
  },
  // A new password (sign-up): numbers from shared/passwords.ts.
  password_too_short: { kind: "invalid", field: "password", message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.` },
  password_too_long: { kind: "invalid", field: "password", message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` },
  password_too_common: {
    kind: "invalid",
    field: "password",
    message:
      "That password is too common or too easy to guess: it is on lists of leaked passwords, or close to one. Please choose another; a few unrelated words make a strong one.",
  },
  // Limits per client address (core/src/limits/rules.ts); `wait` is "15 minutes". Answered with Retry-After.
  sign_in_address_limit: {
    kind: "rate_limited",
    message: T<{ wait: string }>((p) => `Too many sign-in attempts from your network. Please wait ${p.wait} and try again.`),
  },
  sign_up_address_limit: {
    kind: "rate_limited",
    message: T<{ wait: string }>((p) => `Too many sign-ups from your network. Please wait ${p.wait} and try again.`),
  },
  // Limits per person (core/src/limits/rules.ts). Windowed ones are answered with Retry-After.
  upload_limit: {
    kind: "rate_limited",
    message: T<{ wait: string }>(
      (p) =>
        `You have uploaded ${UPLOADS_PER_DAY.max} designs today, the most one account can in a day. Please wait ${p.wait} and try again.`,
    ),
  },
  printer_order_limit: {
    kind: "rate_limited",
    message: T<{ wait: string }>(
      (p) =>
        `You have sent ${ORDERS_PER_PRINTER_PER_HOUR.max} orders to this printer in the last hour, the most we allow. Please wait ${p.wait} before sending another.`,
    ),
  },
  message_limit: {
    kind: "rate_limited",
    message: T<{ wait: string }>((p) => `You are sending messages too quickly. Please wait ${p.wait} and try again.`),
  },
  saved_prints_limit: {
    kind: "rate_limited",
    message: `You have ${SAVED_PRINTS.max} saved prints, the most one account can keep. Please delete one you no longer need, then save again.`,
  },
  unpaid_orders_limit: {
    kind: "rate_limited",
    message: `You have ${UNPAID_ORDERS.max} orders waiting for payment, the most one account can have. Please pay for or cancel one of them (My Orders) before submitting another.`,
  },
  photo_limit: {
    kind: "rate_limited",
    message: T<{ wait: string }>(
      (p) =>
        `You have uploaded ${MAX_PHOTOS_PER_DAY} photos today, the most one account can in a day. Please wait ${p.wait} and try again.`,
    ),
  },
  printers_limit: {
    kind: "rate_limited",
    message: `You have listed ${PRINTERS_PER_OWNER.max} printers, the most one account can list. Please remove one before adding another.`,
  },

  // Uploads and the analysis
  invalid_file: { kind: "invalid", message: "Invalid file type. Only STL, OBJ, and 3MF files are allowed." },
  file_too_large: { kind: "too_large", message: `File size exceeds ${MAX_UPLOAD_MB}MB limit.` },
  empty_file: { kind: "invalid", message: "This file is empty. Please choose a 3D design file." },
  upload_not_found: { kind: "not_found", message: "We could not find that upload. Please upload your design again." },
  analysis_pending: { kind: "conflict", message: "Your design is still being analysed. Please wait a moment and try again." },
  upload_not_received: {
    kind: "conflict",
    message: "Your file did not reach us (or could not be analysed in time). Please upload it again.",
  },
  // The design file itself (core/analysis): one sentence per code, filled with where the file goes wrong
  unsupported_file_type: { kind: "invalid", message: "Invalid file type. Only STL, OBJ, and 3MF files are allowed." },
  wrong_file_type: {
    kind: "invalid",
    message: T<{ ext: string; seen: string }>((p) => `This file is named .${p.ext} but ${p.seen}; it may be damaged or of another type.`),
  },
  bad_unit: { kind: "invalid", message: T<{ unit: string }>((p) => `Unknown unit "${p.unit}"; use mm, cm, m, in or µm.`) },
  too_many_triangles: {
    kind: "invalid",
    message: T<{ file: string; count: string; limit: string }>((p) => `${p.file} has ${p.count} triangles; the limit is ${p.limit}.`),
  },
  too_many_vertices: {
    kind: "invalid",
    message: T<{ file: string; limit: string }>((p) => `${p.file} has more than ${p.limit} vertices; the limit is ${p.limit}.`),
  },
  design_too_large: {
    kind: "invalid",
    message: T<{ size: string; limit: string }>(
      (p) =>
        `This design is ${p.size} units across, more than the ${p.limit} any real design measures in any unit (millimetres, micrometres or inches); the file is probably damaged.`,
    ),
  },
  non_finite_coordinate: {
    kind: "invalid",
    message: T<{ where: string }>(
      (p) => `${p.where} has a coordinate that is not a finite number (NaN, infinite or too large to print); the file is damaged.`,
    ),
  },
  obj_bad_vertex: {
    kind: "invalid",
    message: T<{ line: string }>((p) => `Line ${p.line} of this OBJ file has a vertex with fewer than 3 coordinates.`),
  },
  obj_bad_number: {
    kind: "invalid",
    message: T<{ line: string; text: string }>(
      (p) => `Line ${p.line} of this OBJ file has "${p.text}" where a coordinate number should be.`,
    ),
  },
  obj_bad_index: {
    kind: "invalid",
    message: T<{ line: string; text: string }>(
      (p) => `Line ${p.line} of this OBJ file has a face with "${p.text}" instead of a vertex number.`,
    ),
  },
  obj_index_out_of_range: {
    kind: "invalid",
    message: T<{ line: string; index: string; count: string }>(
      (p) => `Line ${p.line} of this OBJ file refers to vertex ${p.index}, but only ${p.count} vertices are defined before it.`,
    ),
  },
  obj_bad_face: {
    kind: "invalid",
    message: T<{ line: string }>((p) => `Line ${p.line} of this OBJ file has a face with fewer than 3 vertices.`),
  },
  obj_empty: { kind: "invalid", message: "This OBJ file contains no vertices or faces; it may not be a 3D model." },
  obj_no_faces: { kind: "invalid", message: "This OBJ file has vertices but no faces (f lines), so there is no surface to print." },
  stl_truncated: {
    kind: "invalid",
    message: T<{ size: string; need: string }>(
      (p) => `This STL file is only ${p.size} long, too short to hold ${p.need}; it may be damaged or cut short.`,
    ),
  },
  stl_size_mismatch: {
    kind: "invalid",
    message: T<{ triangles: string; expected: string; size: string }>(
      (p) =>
        `This STL file says it has ${p.triangles} triangles (${p.expected} bytes) but is ${p.size} bytes long; it may be damaged or not really an STL file.`,
    ),
  },
  stl_empty: { kind: "invalid", message: "This STL file contains no triangles." },
  file_read_short: {
    kind: "invalid",
    message: T<{ expected: string; received: string }>(
      (p) =>
        `This file was ${p.expected} long when its reading began, but ${p.received} came; it may have changed while it was read. Please try again.`,
    ),
  },
  stl_bad_number: {
    kind: "invalid",
    message: T<{ line: string; text: string }>(
      (p) => `Line ${p.line} of this ASCII STL file has "${p.text}" where a coordinate number should be.`,
    ),
  },
  stl_bad_facet: {
    kind: "invalid",
    message: T<{ facet: string; at: string; vertices: number }>(
      (p) => `Facet ${p.facet} of this ASCII STL file (${p.at}) has ${p.vertices} vertices instead of 3; it may be damaged or cut short.`,
    ),
  },
  stl_unexpected_text: {
    kind: "invalid",
    message: T<{ line: string; text: string }>(
      (p) => `Line ${p.line} of this ASCII STL file has unexpected text "${p.text}"; it may be damaged or not an STL file.`,
    ),
  },
  "3mf_not_zip": {
    kind: "invalid",
    message: "This file has a .3mf name but is not a 3MF (zip) file; it may be damaged or of another type.",
  },
  "3mf_no_model": { kind: "invalid", message: "This 3MF file does not say where its 3D model is (no 3D model part in _rels/.rels)." },
  "3mf_missing_part": {
    kind: "invalid",
    message: T<{ part: string }>((p) => `This 3MF file refers to the model part "${p.part}", which is not in the file.`),
  },
  "3mf_not_model": { kind: "invalid", message: T<{ part: string }>((p) => `${p.part} does not contain a 3MF <model>.`) },
  "3mf_bad_unit": { kind: "invalid", message: T<{ part: string; unit: string }>((p) => `${p.part} uses an unknown unit "${p.unit}".`) },
  "3mf_missing_attribute": {
    kind: "invalid",
    message: T<{ part: string; what: string; name: string }>((p) => `${p.part} has a ${p.what} without its "${p.name}" value.`),
  },
  "3mf_bad_number": {
    kind: "invalid",
    message: T<{ part: string; text: string; what: string; name: string }>(
      (p) =>
        `${p.part} has "${p.text}" where a number should be (${p.what}, "${p.name}")${p.text.includes(",") ? "; decimals must use a point, not a comma" : ""}.`,
    ),
  },
  "3mf_bad_transform": {
    kind: "invalid",
    message: T<{ part: string; what: string; text: string }>(
      (p) => `${p.part} has a ${p.what} transform "${p.text}" that is not 12 finite numbers.`,
    ),
  },
  "3mf_bad_object": {
    kind: "invalid",
    message: T<{ where: string; problem: string }>((p) => `${p.where} has ${p.problem}, which cannot be printed.`),
  },
  "3mf_duplicate_object": { kind: "invalid", message: T<{ part: string; id: string }>((p) => `${p.part} defines object ${p.id} twice.`) },
  "3mf_bad_triangle": {
    kind: "invalid",
    message: T<{ part: string; triangle: string; object: string; text: string }>(
      (p) => `${p.part}: triangle ${p.triangle} of object ${p.object} has a missing or invalid vertex index "${p.text}".`,
    ),
  },
  "3mf_index_out_of_range": {
    kind: "invalid",
    message: T<{ part: string; triangle: string; object: string; index: string; count: string }>(
      (p) =>
        `${p.part}: triangle ${p.triangle} of object ${p.object} refers to vertex ${p.index}, but the object has only ${p.count} vertices.`,
    ),
  },
  "3mf_bad_component": { kind: "invalid", message: T<{ part: string }>((p) => `${p.part} has a component without an objectid.`) },
  "3mf_bad_item": { kind: "invalid", message: T<{ part: string }>((p) => `${p.part} has a build item without an objectid.`) },
  "3mf_no_build": {
    kind: "invalid",
    message: T<{ part: string }>((p) => `${p.part} has no <build> section, so nothing is to be printed.`),
  },
  "3mf_too_deep": {
    kind: "invalid",
    message: T<{ limit: number }>((p) => `This 3MF file nests components more than ${p.limit} levels deep.`),
  },
  "3mf_missing_object": {
    kind: "invalid",
    message: T<{ from: string; id: string; part: string }>(
      (p) => `This 3MF file's ${p.from} refers to object ${p.id}, which is not defined in "${p.part}".`,
    ),
  },
  "3mf_component_cycle": {
    kind: "invalid",
    message: T<{ id: string }>((p) => `This 3MF file's object ${p.id} contains itself through its components.`),
  },
  "3mf_too_many_placements": {
    kind: "invalid",
    message: T<{ limit: string }>(
      (p) =>
        `This 3MF file places objects and components more than ${p.limit} times on the build plate (counting every build item and component reference, empty or not), the limit.`,
    ),
  },
  "3mf_empty_build": { kind: "invalid", message: "This 3MF file's build plate is empty (no build items)." },
  "3mf_no_triangles": { kind: "invalid", message: "This 3MF file has no triangles on its build plate." },
  zip_corrupt: { kind: "invalid", message: T<{ what: string; why: string }>((p) => `This ${p.what} file is damaged: ${p.why}.`) },
  zip_encrypted: {
    kind: "invalid",
    message: T<{ what: string; entry: string }>(
      (p) => `This ${p.what} file is encrypted ("${p.entry}"); please upload an unencrypted file.`,
    ),
  },
  zip_too_large: {
    kind: "too_large",
    message: T<{ what: string; limit: string; entry: string; size: string }>(
      (p) => `This ${p.what} file would expand to more than ${p.limit} when unpacked ("${p.entry}" alone claims ${p.size}); it is refused.`,
    ),
  },
  zip_bomb: {
    kind: "too_large",
    message: T<{ what: string; entry: string; ratio: string }>(
      (p) =>
        `This ${p.what} file is refused: the entry "${p.entry}" claims to expand ${p.ratio} times, more than compression allows (a zip bomb or damage).`,
    ),
  },
  zip_size_mismatch: {
    kind: "too_large",
    message: T<{ what: string; entry: string; size: string }>(
      (p) =>
        `This ${p.what} file is refused: the entry "${p.entry}" expands to more than the ${p.size} it declares (a sign of a zip bomb or damage).`,
    ),
  },
  zip_crc_mismatch: {
    kind: "invalid",
    message: T<{ what: string; entry: string }>(
      (p) =>
        `This ${p.what} file is damaged: the entry "${p.entry}" fails its CRC-32 check (its contents are not what the archive recorded), so it cannot be trusted.`,
    ),
  },
  xml_entities: {
    kind: "invalid",
    message: T<{ part: string; declaration: string }>(
      (p) =>
        `${p.part} contains a document type or entity declaration (${p.declaration}); such declarations are refused because they can be used to attack the server.`,
    ),
  },
  xml_bad_entity: {
    kind: "invalid",
    message: T<{ part: string; entity: string; line: string }>(
      (p) => `${p.part} has ${p.entity} (line ${p.line}); only the standard XML entities are allowed, so the file is damaged.`,
    ),
  },
  xml_duplicate_attribute: {
    kind: "invalid",
    message: T<{ part: string; attribute: string; element: string; line: string }>(
      (p) => `${p.part} has the attribute "${p.attribute}" twice on one <${p.element}> element (line ${p.line}); the file is malformed.`,
    ),
  },
  xml_malformed: { kind: "invalid", message: T<{ part: string; what: string }>((p) => `${p.part} is not valid XML: ${p.what}.`) },
  analysis_timeout: {
    kind: "invalid",
    message: "This file took too long to analyse; please check it opens in your slicer and try again.",
  },
  design_has_no_volume: {
    kind: "invalid",
    message: T<{ name: string }>(
      (p) =>
        `${p.name} has nothing to print: it has no measurable volume (a flat surface, faces that do not enclose anything, or a part too small to print, often one drawn in inches, centimetres or metres and read as millimetres). Please upload a solid model, or rescale it.`,
    ),
  },
  design_not_analysed: {
    kind: "invalid",
    message: T<{ reason: string }>(
      (p) => `We could not analyse this design, so it cannot be ordered: ${p.reason} Please upload a repaired file.`,
    ),
  },

  // Saved prints and orders
  draft_not_found: { kind: "not_found", message: "We could not find that saved print." },
  already_submitted: { kind: "conflict", message: "This print has already been submitted." },
  price_changed: {
    kind: "conflict",
    message: T<{ total: string }>(
      (p) =>
        `The price changed while you were deciding: this order now costs ${p.total} in total. Please review the new price and submit again if you still want it.`,
    ),
  },
  order_not_found: { kind: "not_found", message: "We could not find that order." },
  printer_suspended: {
    kind: "conflict",
    message: T<{ printer: string }>((p) => `${p.printer} is not taking orders on Printhood right now. Please choose another printer.`),
  },
  printer_offline: {
    kind: "conflict",
    message: T<{ printer: string }>((p) => `${p.printer} is offline and not taking orders right now. Please choose another printer.`),
  },
  too_big_for_printer: {
    kind: "conflict",
    message: T<{ printer: string; design: string; volume: string }>(
      (p) =>
        `Your design (${p.design}) does not fit ${p.printer}'s build volume of ${p.volume}. Please choose a larger printer or scale the design down.`,
    ),
  },
  material_not_offered: {
    kind: "conflict",
    message: T<{ printer: string; material: string }>(
      (p) => `${p.printer} does not print ${p.material}. Please choose a printer that offers it.`,
    ),
  },
  color_out_of_stock: {
    kind: "conflict",
    message: T<{ printer: string; color: string; material: string }>(
      (p) => `${p.printer} has no ${p.color} ${p.material} in stock. Please choose another colour or printer.`,
    ),
  },
  // One part of a project that the chosen printer cannot make (shared/compatibility.ts partProblem).
  part_too_big_for_printer: {
    kind: "conflict",
    message: T<{ part: string; printer: string; design: string; volume: string }>(
      (p) =>
        `${p.part} (${p.design}) does not fit ${p.printer}'s build volume of ${p.volume}. Please choose a larger printer, or scale that part down.`,
    ),
  },
  part_material_not_offered: {
    kind: "conflict",
    message: T<{ part: string; printer: string; material: string }>(
      (p) => `${p.printer} does not print ${p.material}, which ${p.part} is to be printed in. Please choose a printer that offers it.`,
    ),
  },
  part_color_out_of_stock: {
    kind: "conflict",
    message: T<{ part: string; printer: string; color: string; material: string }>(
      (p) =>
        `${p.printer} has no ${p.color} ${p.material} in stock for ${p.part}. Please choose another colour for it, or another printer.`,
    ),
  },
  part_not_found: {
    kind: "not_found",
    message: T<{ count: number }>(
      (p) => `This order has ${p.count === 1 ? "one part" : `${p.count} parts`}; please ask for a part from 1 to ${p.count}.`,
    ),
  },
  not_reorderable: {
    kind: "conflict",
    message: T<{ status: string }>(
      (p) => `This order is ${p.status}. An order can be ordered again once it is finished (picked up, shipped, cancelled or declined).`,
    ),
  },
  invalid_transition: {
    kind: "conflict",
    message: T<{ status: string; action: string }>((p) => `This order is ${p.status}, so it cannot be ${p.action} now.`),
  },
  not_allowed: { kind: "forbidden", message: T<{ action: string }>((p) => `You cannot mark this order ${p.action}.`) },
  wrong_delivery_step: {
    kind: "conflict",
    message: T<{ delivery: string; action: string }>((p) => `This order is for ${p.delivery}, so it cannot be ${p.action}.`),
  },
  invalid_status_change: {
    kind: "conflict",
    message: T<{ status: string; target: string }>((p) => `This order is ${p.status}, so it cannot be marked ${p.target} now.`),
  },
  owner_only: { kind: "forbidden", message: "Only the printer's owner can do this with the order." },
  customer_only: { kind: "forbidden", message: "Only the customer who placed this order can do this." },
  order_changed: { kind: "conflict", message: "This order changed while you were working on it. Please reload it and try again." },
  tracking_required: { kind: "invalid", message: "Please enter the carrier and the tracking number to mark the order shipped." },
  file_missing: { kind: "not_found", message: "The design file of this order is no longer available." },
  // An adjusted price within the estimate's range (price-proposals/)
  price_not_adjustable: {
    kind: "conflict",
    message:
      "This order's price has no estimate range to adjust within (its weight was estimated from the file's size), so it can only be accepted or rejected.",
  },
  price_not_adjustable_now: {
    kind: "conflict",
    message: T<{ status: string }>(
      (p) =>
        `This order is ${p.status}, so its price cannot be changed now. A price can be adjusted only on a paid order waiting for its owner's answer.`,
    ),
  },
  price_outside_range: {
    kind: "invalid",
    message: T<{ low: string; high: string }>(
      (p) => `The new price must be between $${p.low} and $${p.high}: the range the estimate allows for this design.`,
    ),
  },
  price_unchanged: {
    kind: "invalid",
    message: "That is the order's price already. Enter a different price, or accept the order as it is.",
  },
  price_proposal_pending: {
    kind: "conflict",
    message:
      "A new price is waiting for the customer's answer. Wait for it before accepting the order or proposing another price, or reject the order.",
  },
  price_already_adjusted: {
    kind: "conflict",
    message: "The customer has already agreed to a new price for this order, so it cannot be changed again.",
  },
  price_proposals_used: {
    kind: "conflict",
    message: `A new price can be proposed at most ${PRICE_PROPOSALS_PER_ORDER} times on one order. Accept the order at its price or reject it.`,
  },
  no_new_hold: { kind: "conflict", message: "This order has no new price waiting for your card." },
  no_price_proposal: { kind: "conflict", message: "There is no new price waiting for your answer on this order." },
  // The money-back guarantee (claims/)
  claim_not_found: { kind: "not_found", message: "There is no such claim, or it is not yours to see." },
  claim_exists: { kind: "conflict", message: "This order already has a claim. Each order can have one claim." },
  claim_too_early: {
    kind: "conflict",
    message:
      "A claim can be opened once the order has been picked up or shipped. Until then, message the printer owner or cancel the order.",
  },
  claim_reason_collected: {
    kind: "invalid",
    message: "This order was collected in person, so it cannot be reported as never arrived. Please choose what is wrong with the part.",
  },
  claim_window_closed: {
    kind: "conflict",
    message: T<{ days: number }>((p) => `The ${p.days}-day claim window for this order has closed, so a claim can no longer be opened.`),
  },
  claim_answered: { kind: "conflict", message: "This claim has already been answered." },
  claim_no_offer: { kind: "conflict", message: "There is no offer on this claim to accept or decline." },
  claim_settled: { kind: "conflict", message: "This claim has already been settled." },
  claim_not_reprinting: { kind: "conflict", message: "This claim is not waiting for a reprint." },
  partial_is_whole: {
    kind: "invalid",
    message: T<{ most: string }>(
      (p) => `$${p.most} is all that is left of the customer's payment: choose "Refund in full" to give it all back, or offer less.`,
    ),
  },
  refund_too_large: {
    kind: "invalid",
    message: T<{ most: string }>((p) => `The refund cannot be more than what is left of the customer's payment ($${p.most}).`),
  },
  nothing_paid: { kind: "conflict", message: "This order has no captured payment to refund." },
  money_task_not_found: { kind: "not_found", message: "There is no money owed under that id, or it has already moved." },
  money_task_not_refused: {
    kind: "conflict",
    message: "Only money Stripe refused for good can be closed; this is still being tried. Retry it now, or wait for the next try.",
  },
  capture_cannot_close: {
    kind: "conflict",
    message: "A refused capture cannot be closed: the order would stay unpaid. Cancel the order instead, which gives the hold back.",
  },
  completion_photos_required: {
    kind: "unprocessable",
    message:
      "Please add at least one photo of the finished part before marking the order complete. The customer sees it, and it protects you if there is a claim.",
  },
  not_received_yet: {
    kind: "conflict",
    message: "This order has not been picked up or shipped yet, so it cannot be confirmed as received.",
  },
  // The design is the owner's to download only while the order is theirs to print (orders/download.ts).
  design_not_downloadable: {
    kind: "conflict",
    message: T<{ status: string }>(
      (p) =>
        `This order is ${p.status}, so its design cannot be downloaded. A design can be downloaded once its order is paid, and not after it is cancelled or rejected.`,
    ),
  },

  // Payment, shipping and payouts
  already_paid: { kind: "conflict", message: "This order is already paid." },
  not_payable: { kind: "conflict", message: T<{ status: string }>((p) => `This order can no longer be paid: it is ${p.status}.`) },
  capture_failed: {
    kind: "conflict",
    message: T<{ reason: string }>((p) => `The customer's payment could not be collected (${p.reason}), so the order was not accepted.`),
  },
  bad_signature: { kind: "invalid", message: "The webhook signature could not be verified." },
  shipping_not_chosen: { kind: "conflict", message: "Please enter your ZIP code and choose a shipping option before paying." },
  not_a_shipping_order: {
    kind: "conflict",
    message: T<{ method: string }>((p) => `This order is for ${p.method}, so it has no shipping option.`),
  },
  shipping_locked: { kind: "conflict", message: "The shipping option cannot be changed once the order is paid." },
  unknown_shipping_option: { kind: "invalid", message: "Please choose one of the shipping options offered." },
  printer_has_no_place: {
    kind: "conflict",
    message: T<{ printer: string }>((p) => `${p.printer} has no ZIP code, so shipping cannot be calculated.`),
  },
  nothing_to_pay_out: { kind: "conflict", message: "You have no earnings available to pay out yet." },
  payout_in_progress: {
    kind: "conflict",
    message:
      "Your available balance changed while requesting the payout (a request may already be on its way). Please refresh and try again.",
  },
  not_an_owner: { kind: "forbidden", message: "Payouts are for printer owners. List a printer first." },

  // Conversations, the bell, ratings and profile (issue 10; DECISIONS.md)
  order_not_submitted: {
    kind: "conflict",
    message: "Messages start once the order is submitted. Please submit your saved print first.",
  },
  message_blank: { kind: "invalid", message: "Please write a message first." },
  message_too_long: { kind: "invalid", message: `Messages can be at most ${thousands(MESSAGE_MAX_LENGTH)} characters.` },
  message_not_sent: { kind: "conflict", message: "Your message could not be sent just now. Please try again." },
  notification_not_found: { kind: "not_found", message: "We could not find that notification." },
  not_reviewable_yet: { kind: "conflict", message: "You can rate the printer once your order is picked up or shipped." },
  only_customer_reviews: { kind: "forbidden", message: "Only the customer who ordered can rate the printer." },
  already_reviewed: { kind: "conflict", message: "You have already rated this order." },
  printer_gone: { kind: "conflict", message: "That printer is no longer listed, so it cannot be rated." },
  account_not_found: { kind: "not_found", message: "We could not find your account. Please sign in again." },
  email_read_only: { kind: "invalid", message: "Your email address cannot be changed." },
  user_type_read_only: {
    kind: "forbidden",
    message: "Your account type changes only by listing a printer: a customer who adds a printer becomes both.",
  },
  profile_changed: { kind: "conflict", message: "Your profile was changed somewhere else just now. Please reload and try again." },
  avatar_not_found: { kind: "not_found", message: "There is no avatar with that name." },

  // Photos (core/src/photos; the rules in shared/photos.ts)
  photo_type_not_allowed: { kind: "invalid", message: "Photos must be JPEG, PNG or WebP images." },
  photo_too_large: { kind: "too_large", message: `Photos can be at most ${MAX_PHOTO_MB} MB.` },
  photo_empty: { kind: "invalid", message: "This photo is empty. Please choose another one." },
  photo_not_an_image: {
    kind: "invalid",
    message: "This file is not a JPEG, PNG or WebP image, whatever its name says. Please choose a photo.",
  },
  photo_unreadable: {
    kind: "invalid",
    message: "We could not read this image. It may be damaged or too large in pixels; please take the photo again or choose another.",
  },
  photo_not_found: { kind: "not_found", message: "We could not find that photo. Please upload it again." },
  photo_not_ready: {
    kind: "conflict",
    message: "A photo is still being processed. Please wait until its preview shows, then try again.",
  },
  photo_failed: { kind: "invalid", message: "A photo could not be used. Please remove it and add another." },
  photo_wrong_purpose: { kind: "invalid", message: "A photo was uploaded for something else. Please add it again here." },
  photo_already_used: { kind: "conflict", message: "A photo is already attached to something else. Please add it again here." },
  photo_listed_twice: { kind: "invalid", message: "The same photo is listed twice." },
  too_few_photos: {
    kind: "invalid",
    message: T<{ min: number }>((p) => `Please add at least ${p.min} photo${p.min === 1 ? "" : "s"}.`),
  },
  too_many_photos: { kind: "invalid", message: `Please add at most ${MAX_PHOTOS_PER_LINK} photos.` },

  // The quality test (core/src/verification)
  printer_not_verified: {
    kind: "conflict",
    message: T<{ printer: string }>(
      (p) => `${p.printer} has not passed the quality test yet, so it cannot take orders. Please choose another printer.`,
    ),
  },
  printer_already_verified: { kind: "conflict", message: "This printer has already passed the quality test." },
  verification_under_review: {
    kind: "conflict",
    message: "Your quality test is waiting for review. We will e-mail you as soon as it has been looked at.",
  },
  verification_not_found: { kind: "not_found", message: "We could not find that quality test." },
  verification_decided: { kind: "conflict", message: "This quality test has already been decided." },
  retry_note_required: { kind: "invalid", message: "Please tell the owner what to change for the new attempt." },

  // Staff sign-in, suspension and the staff console (issue 21 point 5; core/staff/)
  totp_required: {
    kind: "unauthenticated",
    field: "totp",
    message: "This is a staff account: enter the 6-digit code from your authenticator app to sign in.",
  },
  totp_invalid: {
    kind: "unauthenticated",
    field: "totp",
    message: "That code is not right, or it was already used. Enter the code your authenticator app shows now.",
  },
  staff_account_missing: {
    kind: "not_found",
    message: T<{ email: string }>((p) => `There is no account with the e-mail ${p.email}. The person signs up first, then is made staff.`),
  },
  user_not_found: { kind: "not_found", message: "We could not find that account." },
  cannot_suspend_self: { kind: "conflict", message: "You cannot suspend your own account." },
  already_suspended: { kind: "conflict", message: T<{ what: string }>((p) => `${p.what} is already suspended.`) },
  not_suspended: { kind: "conflict", message: T<{ what: string }>((p) => `${p.what} is not suspended.`) },
  suspension_changed: {
    kind: "conflict",
    message: T<{ what: string }>(
      (p) => `${p.what} changed while you were suspending it (a printer was added or removed). Please try again.`,
    ),
  },
  report_limit: {
    kind: "rate_limited",
    message: T<{ wait: string }>((p) => `You have sent many reports today. Please wait ${p.wait} before sending another.`),
  },
  already_reported: { kind: "conflict", message: "You have already reported this. Our staff will look at it." },
  message_not_found: { kind: "not_found", message: "We could not find that message on this order." },
  cannot_report_self: { kind: "invalid", message: "You cannot report your own message or account." },
  report_not_found: { kind: "not_found", message: "We could not find that report." },
  report_closed: { kind: "conflict", message: "This report was already closed by a staff member." },
  bad_cursor: { kind: "invalid", message: "That page marker is not one of ours. Start again from the first page." },
  stale_cursor: {
    kind: "invalid",
    message: `That page marker has expired (they last ${CURSOR_MAX_AGE_HOURS} hours). Start again from the first page.`,
  },
  bad_bbox: {
    kind: "invalid",
    message:
      "The map area must be four numbers: west, south, east, north (longitudes -180 to 180, latitudes -90 to 90, south below north).",
  },
  account_suspended: {
    kind: "forbidden",
    message: "This account is suspended, so it cannot sign in. If you think this is a mistake, write to support@printhood.app.",
  },

  // Printers and places
  printer_has_open_orders: {
    kind: "conflict",
    message: T<{ printer: string; count: number; plural: string }>(
      (p) =>
        `${p.printer} has ${p.count} open order${p.plural}, so it cannot be deleted. Finish or cancel them first, or set the printer offline to stop new orders.`,
    ),
  },
  printer_changed: {
    kind: "conflict",
    message: T<{ printer: string }>((p) => `${p.printer} changed while you were deleting it. Please try again.`),
  },
  printer_not_found: { kind: "not_found", message: "We couldn't find that printer. It may have been removed." },
  not_your_printer: { kind: "forbidden", message: "You can only change your own printers." },
  not_your_printer_jobs: { kind: "forbidden", message: "You can only see the jobs of your own printers." },
  owner_not_found: { kind: "not_found", message: "We could not find your account. Please sign in again." },
  printer_conflict: { kind: "conflict", message: "We could not list your printer just now. Please try again." },
  image_not_found: { kind: "not_found", message: "There is no printer image with that name." },
  thumbnail_not_found: { kind: "not_found", message: "There is no picture of a design at this address." },
  unknown_zip: { kind: "invalid", message: T<{ zip: string }>((p) => `We don't recognise the ZIP code ${p.zip}. Please check it.`) },
  missing_location: { kind: "invalid", message: "Location is required." },
  unknown_state: {
    kind: "invalid",
    message: T<{ state: string }>((p) => `We don't recognise the state "${p.state}". Please use a 2-letter code such as CO.`),
  },
  unknown_location: {
    kind: "invalid",
    message: T<{ city: string; state: string }>(
      (p) =>
        `We couldn't find ${p.city}, ${p.state} on the map. Please enter a city and state such as "Loveland, CO", or a 5-digit ZIP code.`,
    ),
  },
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** The details a code's template needs (none for a fixed sentence). */
export type ErrorParams<C extends ErrorCode> = (typeof ERRORS)[C]["message"] extends (p: infer P) => string ? [params: P] : [];

export class VisibleError extends Error {
  constructor(
    readonly kind: ErrorKind,
    /** Stable machine-readable code, e.g. "account_taken" (a key of ERRORS). */
    readonly code: string,
    message: string,
    /** The input field it is about, when one is (the answer's `field`: a form shows the message under it). */
    readonly field?: string,
  ) {
    super(message);
    this.name = "VisibleError";
  }

  get status(): number {
    return STATUS_BY_KIND[this.kind];
  }
}

/** The error for `code`, its message filled from `params`. Throw it: `throw fail("draft_not_found")`. */
export function fail<C extends ErrorCode>(code: C, ...params: ErrorParams<C>): VisibleError {
  const def: ErrorDef = ERRORS[code];
  const message = typeof def.message === "string" ? def.message : def.message(params[0]);
  return new VisibleError(def.kind, code, message, def.field);
}

/** The same error, about the input field `field` (validation knows which field failed; the registry does not). */
export const aboutField = (e: VisibleError, field: string | undefined): VisibleError =>
  field ? new VisibleError(e.kind, e.code, e.message, field) : e;

/** The HTTP status a code answers with. */
export const statusOf = (code: ErrorCode): number => STATUS_BY_KIND[ERRORS[code].kind];

/** The message of a code as documentation shows it: the sentence, or the template with {placeholders}. */
export function describeError(code: ErrorCode): string {
  const m: string | Template = ERRORS[code].message;
  if (typeof m === "string") return m;
  return m(new Proxy({}, { get: (_, key) => `{${String(key)}}` }));
}

export const isVisibleError = (e: unknown): e is VisibleError => e instanceof VisibleError;
