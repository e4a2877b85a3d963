import type { ExpiryConfig } from "@printhood/core";
import type { ClaimReason, ClaimRemedy } from "@printhood/core/shared/claims";
import type { DesignShape } from "./designs.ts";
import type { PartLook } from "./photos.ts";

/**
 * The demo story (issue 21 point 7): what the demo customer, Casey, has printed with the demo owners
 * over the last weeks, order by order, so that every demo account signs in to the product at work:
 * an order in every status, photos of finished parts, a conversation, reviews, an earning held and
 * one available, a claim disputed by its owner and waiting for staff. story.ts carries it out through
 * the product's own calls, each step at its time.
 *
 * Times are days before the story runs. The few that must fall inside a window the configuration sets
 * (payment, acceptance, the claim window) are fractions of that window, so they hold whatever it is.
 */
export type When = number | ((e: Required<ExpiryConfig>) => number);

const HOUR = 1 / 24;
/** A moment `fraction` of the way back through a window of `hours`. */
const inHours = (fraction: number, pick: (e: Required<ExpiryConfig>) => number) => (e: Required<ExpiryConfig>) => fraction * pick(e) * HOUR;
/** `fraction` of the claim window ago. */
const ofWindow = (fraction: number) => (e: Required<ExpiryConfig>) => fraction * e.claimWindowDays;

export type Party = "customer" | "owner";

export type Step =
  /** The customer uploads the design and saves the print (a draft). */
  | { do: "save"; at: When }
  | { do: "submit"; at: When }
  /** Checkout: the shipping option (shipping orders), the payment intent and the test card, as the browser does. */
  | { do: "pay"; at: When }
  | { do: "accept"; at: When; message?: string }
  | { do: "reject"; at: When; message: string }
  | { do: "cancel"; at: When }
  /** The owner's next step (Mark Complete sends a photo of the part; Shipped its tracking). */
  | { do: "step"; at: When; to: "printing" | "completed" | "ready_for_pickup" | "ready_for_shipping" | "picked_up" | "shipped" }
  | { do: "received"; at: When }
  | { do: "review"; at: When; rating: number; comment: string }
  | { do: "claim"; at: When; reason: ClaimReason; remedy: ClaimRemedy; description: string; captions: string[] }
  | { do: "dispute"; at: When; message: string; reading: string; caption: string }
  | { do: "message"; at: When; from: Party; text: string };

export interface StoryOrder {
  file: string;
  design: DesignShape;
  look: PartLook["shape"];
  /** The printer's name (a draft may have none chosen yet). */
  printer?: string;
  material: "PLA" | "PETG" | "ABS" | "TPU";
  color: string;
  delivery: "pickup" | "shipping";
  /** Where a shipping order goes (Casey's brother in Denver). */
  shipTo?: string;
  infill?: number;
  instructions?: string;
  steps: Step[];
}

const SHIP_TO = "80205";
export const TRACKING = { carrier: "UPS", trackingNumber: "1Z4E59A80394857162" } as const;

/** Saved, submitted, paid, accepted and run up to `until`, from `from` days ago, each owner's step `gap` days after the last. */
function made(from: number, gap: number, until: "completed" | "ready_for_pickup" | "ready_for_shipping"): Step[] {
  const steps = until === "completed" ? (["printing", "completed"] as const) : (["printing", "completed", until] as const);
  return [
    { do: "save", at: from + 0.02 },
    { do: "submit", at: from },
    { do: "pay", at: from - 0.01 },
    { do: "accept", at: from - gap },
    ...steps.map((to, i): Step => ({ do: "step", at: from - gap * (i + 2), to })),
  ];
}

/** Oldest first: order numbers follow the order in which they were submitted. */
export const STORY: StoryOrder[] = [
  {
    file: "coaster-set.stl",
    design: { sides: 32, tiers: [{ width: 100, depth: 100, height: 4 }] },
    look: "round",
    printer: "Harmony Road Printing",
    material: "PLA",
    color: "Natural",
    delivery: "pickup",
    steps: [
      ...made(27, 0.3, "ready_for_pickup"),
      { do: "step", at: 25.5, to: "picked_up" },
      // Never confirmed: its earning is freed when the claim window closes (the sweep, below).
      {
        do: "review",
        at: 25.3,
        rating: 4,
        comment: "Lovely natural finish. One coaster had a slightly rough edge, which sanded right off.",
      },
    ],
  },
  {
    file: "gear-set.stl",
    design: {
      sides: 32,
      tiers: [
        { width: 60, depth: 60, height: 8 },
        { width: 20, depth: 20, height: 10 },
      ],
    },
    look: "round",
    printer: "Maria's Prusa",
    material: "PETG",
    color: "Black",
    delivery: "pickup",
    infill: 50,
    instructions: "These are replacement gears for a stand mixer: please keep the teeth crisp.",
    steps: [
      { do: "save", at: 21.1 },
      { do: "submit", at: 21 },
      { do: "pay", at: 20.99 },
      { do: "accept", at: 20.8, message: "Happy to! PETG at 50% infill is a good call for gears; I'll print them at 0.2 mm." },
      { do: "step", at: 20.6, to: "printing" },
      { do: "step", at: 20.1, to: "completed" },
      { do: "step", at: 20, to: "ready_for_pickup" },
      { do: "step", at: 19, to: "picked_up" },
      { do: "received", at: 18.9 },
      {
        do: "review",
        at: 18.8,
        rating: 5,
        comment: "The teeth mesh perfectly and the mixer runs quieter than with the original gears. Maria was lovely to deal with.",
      },
    ],
  },
  {
    file: "bike-light-mount.stl",
    design: {
      sides: 4,
      tiers: [
        { width: 40, depth: 30, height: 6 },
        { width: 24, depth: 30, height: 28 },
      ],
    },
    look: "square",
    printer: "Old Town Print Shop",
    material: "PETG",
    color: "Orange",
    delivery: "pickup",
    steps: [
      { do: "save", at: 14.1 },
      { do: "submit", at: 14 },
      { do: "pay", at: 13.99 },
      { do: "accept", at: 13.8 },
      {
        do: "message",
        at: 13.6,
        from: "customer",
        text: "Sorry Sam, I just found out my light uses a different clamp. I'm cancelling before you start.",
      },
      { do: "cancel", at: 13.55 },
      { do: "message", at: 13.4, from: "owner", text: "No problem at all, your payment has been refunded. Come back any time!" },
    ],
  },
  {
    file: "vase-spiral.stl",
    design: {
      sides: 6,
      tiers: [
        { width: 70, depth: 70, height: 4 },
        { width: 80, depth: 80, height: 120 },
        { width: 60, depth: 60, height: 20 },
      ],
    },
    look: "round",
    printer: "Harmony Road Printing",
    material: "PETG",
    color: "Gray",
    delivery: "pickup",
    infill: 10,
    steps: [
      { do: "save", at: 10.1 },
      { do: "submit", at: 10 },
      { do: "pay", at: 9.99 },
      {
        do: "reject",
        at: 9.8,
        message:
          "Sorry, my gray PETG spool is almost empty and the next one won't arrive for two weeks. Please try another printer nearby.",
      },
    ],
  },
  {
    file: "drone-frame.stl",
    design: { sides: 4, tiers: [{ width: 220, depth: 220, height: 4 }] },
    look: "square",
    printer: "Loveland Bambu Farm",
    material: "PETG",
    color: "Blue",
    delivery: "pickup",
    steps: [
      ...made(8, 0.3, "ready_for_pickup"),
      { do: "step", at: ofWindow(0.55), to: "picked_up" },
      {
        do: "claim",
        at: ofWindow(0.42),
        reason: "poor_quality",
        remedy: "refund",
        description:
          "The layers shifted about a third of the way up: the arms are 2 mm out of line and the motor holes no longer line up with the motors.",
        captions: ["Layers shifted at the arms", "Motor holes out of line"],
      },
      {
        do: "dispute",
        at: ofWindow(0.3),
        message:
          "The frame left my shop straight: here it is measured at 79.9 mm across the motor holes before pickup. The shift in the photos looks like heat damage after pickup (a hot car?), not a print fault.",
        reading: "79.9 mm",
        caption: "Measured before pickup",
      },
    ],
  },
  {
    file: "camera-mount.stl",
    design: {
      sides: 6,
      tiers: [
        { width: 50, depth: 50, height: 10 },
        { width: 20, depth: 20, height: 40 },
        { width: 36, depth: 36, height: 12 },
      ],
    },
    look: "round",
    printer: "Loveland Bambu Farm",
    material: "PLA",
    color: "Black",
    delivery: "shipping",
    shipTo: SHIP_TO,
    instructions: "A gift for my brother in Denver, please pack it well.",
    steps: [...made(6, 0.4, "ready_for_shipping"), { do: "step", at: ofWindow(0.28), to: "shipped" }],
  },
  {
    file: "drawer-knobs.stl",
    design: {
      sides: 24,
      tiers: [
        { width: 30, depth: 30, height: 4 },
        { width: 14, depth: 14, height: 20 },
        { width: 34, depth: 34, height: 14 },
      ],
    },
    look: "round",
    printer: "Old Town Print Shop",
    material: "PLA",
    color: "Blue",
    delivery: "pickup",
    steps: [
      ...made(5, 0.7, "ready_for_pickup"),
      {
        do: "message",
        at: 2,
        from: "owner",
        text: "Your knobs are on the shelf by the door. We're open until 6 pm today and 10 to 4 on Saturday.",
      },
    ],
  },
  {
    file: "lamp-shade.stl",
    design: {
      sides: 32,
      tiers: [
        { width: 120, depth: 120, height: 3 },
        { width: 110, depth: 110, height: 110 },
      ],
    },
    look: "round",
    printer: "North Loveland Workshop",
    material: "PLA",
    color: "White",
    delivery: "shipping",
    shipTo: SHIP_TO,
    infill: 10,
    steps: made(4, 0.8, "ready_for_shipping"),
  },
  {
    file: "cosplay-bracer.stl",
    design: { sides: 32, tiers: [{ width: 110, depth: 90, height: 150 }] },
    look: "round",
    printer: "North Loveland Workshop",
    material: "PLA",
    color: "Red",
    delivery: "pickup",
    infill: 15,
    instructions: "For a costume contest: the seam on the inside of the arm if you can.",
    steps: [
      { do: "save", at: 3.1 },
      { do: "submit", at: 3 },
      { do: "pay", at: 2.99 },
      {
        do: "message",
        at: 2.95,
        from: "customer",
        text: "Hi Priya! This is for a costume contest on the 6th. Could you hide the seam on the inside of the arm?",
      },
      { do: "accept", at: 2.8, message: "Absolutely, the seam goes on the inside and I'll print it at 0.2 mm for a smooth finish." },
      { do: "message", at: 2.7, from: "customer", text: "Perfect, thank you! Does it need supports under the ridge?" },
      { do: "message", at: 2.55, from: "owner", text: "A few tree supports under the ridge. I'll clean them off before you pick it up." },
      { do: "step", at: 2.5, to: "printing" },
      { do: "message", at: 1, from: "owner", text: "Half way there and it's looking great. It should be done by Friday." },
      { do: "message", at: 0.9, from: "customer", text: "Awesome, can't wait to see it!" },
      { do: "message", at: 0.2, from: "owner", text: "Quick question: shall I leave the brim on for painting, or take it off?" },
    ],
  },
  {
    file: "phone-stand.stl",
    design: {
      sides: 4,
      tiers: [
        { width: 80, depth: 90, height: 8 },
        { width: 70, depth: 30, height: 110 },
      ],
    },
    look: "square",
    printer: "Maria's Prusa",
    material: "PLA",
    color: "White",
    delivery: "pickup",
    steps: made(2.5, 0.5, "completed"),
  },
  {
    file: "raspberry-pi-case.stl",
    design: {
      sides: 4,
      tiers: [
        { width: 95, depth: 66, height: 28 },
        { width: 91, depth: 62, height: 4 },
      ],
    },
    look: "square",
    printer: "Loveland Bambu Farm",
    material: "ABS",
    color: "Black",
    delivery: "pickup",
    steps: [
      { do: "save", at: 1.3 },
      { do: "submit", at: 1.25 },
      { do: "pay", at: 1.24 },
      { do: "accept", at: 0.8, message: "Accepted! ABS needs the enclosure warm, so I'll start it first thing tomorrow." },
    ],
  },
  {
    file: "planter-pot.stl",
    design: {
      sides: 32,
      tiers: [
        { width: 90, depth: 90, height: 80 },
        { width: 100, depth: 100, height: 10 },
      ],
    },
    look: "round",
    printer: "Harmony Road Printing",
    material: "PLA",
    color: "White",
    delivery: "pickup",
    infill: 15,
    steps: [
      { do: "save", at: inHours(0.22, (e) => e.unacceptedHours) },
      { do: "submit", at: inHours(0.21, (e) => e.unacceptedHours) },
      // Paid, waiting for Lena to accept (within the time an owner has to answer).
      { do: "pay", at: inHours(0.2, (e) => e.unacceptedHours) },
    ],
  },
  {
    file: "cable-clips.stl",
    design: { sides: 6, tiers: [{ width: 70, depth: 24, height: 16 }] },
    look: "square",
    printer: "Sam's A1 mini",
    material: "PLA",
    color: "Purple",
    delivery: "pickup",
    steps: [
      { do: "save", at: inHours(0.16, (e) => e.unpaidHours) },
      // Submitted, not paid yet (within the time an order waits for payment).
      { do: "submit", at: inHours(0.15, (e) => e.unpaidHours) },
    ],
  },
  {
    file: "desk-organizer.stl",
    design: { sides: 4, tiers: [{ width: 200, depth: 100, height: 80 }] },
    look: "square",
    material: "PLA",
    color: "Gray",
    delivery: "pickup",
    infill: 15,
    steps: [{ do: "save", at: 1.5 }],
  },
  {
    file: "headphone-hook.stl",
    design: {
      sides: 4,
      tiers: [
        { width: 40, depth: 60, height: 10 },
        { width: 20, depth: 60, height: 90 },
        { width: 60, depth: 60, height: 10 },
      ],
    },
    look: "square",
    printer: "Maria's Prusa",
    material: "PLA",
    color: "Red",
    delivery: "pickup",
    steps: [{ do: "save", at: 0.1 }],
  },
];
