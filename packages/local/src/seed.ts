import { createPrinter, grantStaff, type NewPrinter, type RegisterInput, register, type Store, totpUri } from "@printhood/core";
import { passQualityTest, sendQualityTest } from "./quality-tests.ts";

/** Demo accounts printed by `npm start`. Local mode only: never deployed. */
export const DEMO_PASSWORD = "printhood-demo";
export const DEMO_CUSTOMER = {
  username: "casey",
  email: "customer@printhood.local",
  firstName: "Casey",
  lastName: "Morgan",
  zipCode: "80538",
};

/**
 * The demo staff member (issue 21 point 5), made staff the way `npm run staff:add` makes anyone,
 * with a fixed TOTP secret so the start banner can print its `otpauth://` URI once and for all.
 * A demo secret: local mode only, never deployed.
 */
export const DEMO_STAFF = {
  username: "jordan_staff",
  email: "staff@printhood.local",
  firstName: "Jordan",
  lastName: "Reyes",
  totpSecret: "PRINTHOODDEMOSTAFFTOTPSECRET2345",
};
/** What an authenticator app reads for the demo staff member (the start banner prints it). */
export const DEMO_STAFF_TOTP_URI = totpUri(DEMO_STAFF.email, DEMO_STAFF.totpSecret);

interface DemoOwner {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  zipCode: string;
  /** Listed: each has passed the quality test (seeded through the product's own path, quality-tests.ts). */
  printers: NewPrinter[];
  /** A printer whose quality test waits for staff's review (issue 21: one demo owner has one). */
  awaitingReview?: NewPrinter;
}

const inv = (material: string, colors: string[], out: string[] = []) => [
  ...colors.map((color) => ({ material, color, inStock: true })),
  ...out.map((color) => ({ material, color, inStock: false })),
];

/**
 * Owners in Berthoud, Loveland and Fort Collins; points are their ZIP centroids. Their prices per
 * gram are real filament prices (spool cost ÷ spool weight, spec 2 §9: $18–35 for 1 kg), the price
 * a job on that printer is quoted at, so /pricing's examples and a demo order land in the same range.
 */
export const DEMO_OWNERS: DemoOwner[] = [
  {
    username: "maria_prints",
    email: "maria@printhood.local",
    firstName: "Maria",
    lastName: "Hernandez",
    zipCode: "80513",
    printers: [
      {
        name: "Maria's Prusa",
        model: "Prusa MK4",
        zipCode: "80513",
        street: "412 Mountain Ave",
        buildVolumeX: 250,
        buildVolumeY: 210,
        buildVolumeZ: 220,
        materials: ["PLA", "PETG", "TPU"],
        pricePerGram: 0.028,
        hourlyRate: 3.5,
        description: "Fine-detail prints with a textured PEI sheet.",
        filamentInventory: [...inv("PLA", ["Black", "White", "Red", "Blue"]), ...inv("PETG", ["Black", "Clear"]), ...inv("TPU", ["Black"])],
      },
    ],
  },
  {
    username: "tom_makes",
    email: "tom@printhood.local",
    firstName: "Tom",
    lastName: "Becker",
    zipCode: "80537",
    printers: [
      {
        name: "Loveland Bambu Farm",
        model: "Bambu Lab P1S",
        zipCode: "80537",
        street: "1020 N Lincoln Ave",
        buildVolumeX: 256,
        buildVolumeY: 256,
        buildVolumeZ: 256,
        materials: ["PLA", "PETG", "ABS"],
        pricePerGram: 0.025,
        hourlyRate: 4,
        description: "Enclosed printer, great for ABS and multi-colour parts.",
        filamentInventory: [
          ...inv("PLA", ["Black", "White", "Green", "Yellow", "Orange", "Purple", "Gray"]),
          ...inv("ABS", ["Black", "White"]),
          ...inv("PETG", ["Blue"], ["Red"]),
        ],
      },
      {
        name: "Tom's Ender",
        model: "Ender 3 V2",
        zipCode: "80537",
        street: "1020 N Lincoln Ave",
        buildVolumeX: 220,
        buildVolumeY: 220,
        buildVolumeZ: 250,
        materials: ["PLA"],
        pricePerGram: 0.02,
        hourlyRate: 2,
        isAvailable: false,
        filamentInventory: inv("PLA", ["White", "Gray"]),
      },
    ],
  },
  {
    username: "priya_3d",
    email: "priya@printhood.local",
    firstName: "Priya",
    lastName: "Nair",
    zipCode: "80538",
    printers: [
      {
        name: "North Loveland Workshop",
        model: "Qidi Tech X-Max 3",
        zipCode: "80538",
        street: "3201 N Garfield Ave",
        buildVolumeX: 325,
        buildVolumeY: 325,
        buildVolumeZ: 315,
        materials: ["PLA", "PETG", "ABS", "TPU"],
        pricePerGram: 0.035,
        hourlyRate: 5,
        description: "Large build volume for cosplay and enclosures.",
        filamentInventory: [
          ...inv("PLA", ["Black", "White", "Red"]),
          ...inv("PETG", ["Black", "White"]),
          ...inv("ABS", ["Gray"]),
          ...inv("TPU", ["Clear"]),
        ],
      },
    ],
    awaitingReview: {
      name: "Priya's Ender 3 S1",
      model: "Ender 3 S1",
      zipCode: "80538",
      street: "3201 N Garfield Ave",
      buildVolumeX: 220,
      buildVolumeY: 220,
      buildVolumeZ: 270,
      materials: ["PLA", "PETG"],
      pricePerGram: 0.02,
      hourlyRate: 2.5,
      description: "Just set up: its quality test is with the Printhood team.",
      filamentInventory: inv("PLA", ["Black", "White"]),
    },
  },
  {
    username: "sam_fc",
    email: "sam@printhood.local",
    firstName: "Sam",
    lastName: "O'Connor",
    zipCode: "80521",
    printers: [
      {
        name: "Old Town Print Shop",
        model: "Prusa MK4",
        zipCode: "80521",
        street: "150 W Oak St",
        buildVolumeX: 250,
        buildVolumeY: 210,
        buildVolumeZ: 220,
        materials: ["PLA", "PETG"],
        pricePerGram: 0.022,
        hourlyRate: 3,
        description: "Next to campus; same-day pickup most days.",
        filamentInventory: [...inv("PLA", ["Black", "White", "Blue", "Green", "Yellow"]), ...inv("PETG", ["Black", "Orange"])],
      },
      {
        name: "Sam's A1 mini",
        model: "Bambu Lab A1 mini",
        zipCode: "80521",
        street: "150 W Oak St",
        buildVolumeX: 180,
        buildVolumeY: 180,
        buildVolumeZ: 180,
        materials: ["PLA", "TPU"],
        pricePerGram: 0.018,
        hourlyRate: 2.5,
        filamentInventory: [...inv("PLA", ["Red", "Purple", "White"]), ...inv("TPU", ["Black"])],
      },
    ],
  },
  {
    username: "lena_builds",
    email: "lena@printhood.local",
    firstName: "Lena",
    lastName: "Kowalski",
    zipCode: "80525",
    printers: [
      {
        name: "Harmony Road Printing",
        model: "Elegoo Neptune 4",
        zipCode: "80525",
        street: "4601 Harmony Rd",
        buildVolumeX: 225,
        buildVolumeY: 225,
        buildVolumeZ: 265,
        materials: ["PLA", "PETG", "Wood Fill"],
        pricePerGram: 0.03,
        hourlyRate: 3,
        filamentInventory: [...inv("PLA", ["Black", "White", "Natural"]), ...inv("PETG", ["Gray"]), ...inv("Wood Fill", ["Natural"])],
      },
    ],
  },
];

/** A seeding step just finished: `account EMAIL` or `printer NAME`. */
export type SeedStep = (step: string) => void | Promise<void>;

/**
 * Make sure every demo account and printer exists, creating only what is missing, so a seed
 * stopped half way (Ctrl-C, kill -9, power cut) is finished by the next start instead of
 * failing on what it already made. Accounts are found by their email (the same unique key
 * sign-up reserves), printers by their owner and name. `afterStep` runs after each creation
 * (npm start logs it, and can pause there so the crash test can kill it mid-seed).
 */
export async function seedDemoData(store: Store, afterStep?: SeedStep): Promise<{ seeded: boolean; created: number }> {
  let created = 0;
  const step = async (name: string) => {
    created++;
    await afterStep?.(name);
  };
  const listed: { id: string; name: string }[] = [];
  const forReview: { id: string; name: string }[] = [];
  for (const owner of DEMO_OWNERS) {
    const { printers, awaitingReview, ...account } = owner;
    const ownerId = await ensureAccount(store, { ...account, userType: "printer_owner" }, step);
    const { data: existing } = await store.entities.printers.query.byOwner({ ownerId }).go({ pages: "all" });
    const byName = new Map(existing.map((p) => [p.name, p.printerId]));
    const ensurePrinter = async (printer: NewPrinter) => {
      let id = byName.get(printer.name);
      if (!id) {
        id = (await createPrinter(store, ownerId, printer)).id;
        await step(`printer ${printer.name}`);
      }
      return { id, name: printer.name };
    };
    for (const printer of printers) listed.push(await ensurePrinter(printer));
    if (awaitingReview) forReview.push(await ensurePrinter(awaitingReview));
  }
  await ensureAccount(store, DEMO_CUSTOMER, step);
  const { totpSecret, ...staffAccount } = DEMO_STAFF;
  const staffId = await ensureAccount(store, staffAccount, step);
  // Idempotent: an account that is already staff with this secret is left as it is.
  await grantStaff(store, DEMO_STAFF.email, { secret: totpSecret });
  // The quality test, through the product's own path: every listed printer passed it (approved by the
  // demo staff member); the one awaiting review has sent its attempt. Only what is missing is done.
  // The printers are independent: their tests run side by side (most of the time is the photos' processing).
  const staff = { id: staffId, email: DEMO_STAFF.email };
  const passed = await Promise.all(
    listed.map(async (printer) => ((await passQualityTest(store, staff, printer.id)) ? printer.name : null)),
  );
  for (const name of passed) if (name) await step(`quality test passed ${name}`);
  for (const { id } of forReview) {
    const printer = (await store.entities.printers.get({ printerId: id }).go({ consistent: true })).data;
    if (printer && (printer.verification ?? "awaiting_test") === "awaiting_test") {
      await sendQualityTest(store, printer);
      await step(`quality test sent ${printer.name}`);
    }
  }
  return { seeded: created > 0, created };
}

export async function ensureAccount(
  store: Store,
  account: Omit<RegisterInput, "password">,
  step: (name: string) => Promise<void>,
): Promise<string> {
  const key = account.email.toLowerCase();
  const existing = await store.entities.uniques.get({ kind: "email", value: key }).go({ consistent: true });
  if (existing.data) return existing.data.userId;
  const user = await register(store, { ...account, password: DEMO_PASSWORD });
  await step(`account ${account.email}`);
  return user.id;
}
