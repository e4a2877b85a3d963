// The stand-in's state on disk, so local mode keeps its promises across a restart (issue 26):
// orders persist in .local/, and the PaymentIntents, charges, refunds, Connect accounts and
// transfers they point at must too, or accepting a paid order after a restart would find no
// intent. Written after every change (small JSON, written to a temporary file and renamed, so a
// crash leaves the old file or the new one, never half of one).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { StripeEvent } from "./events.ts";
import type { Account, Charge, Ledger, PaymentIntent, Refund, Transfer } from "./objects.ts";

export interface SavedState {
  version: 1;
  intents: [string, PaymentIntent][];
  charges: [string, Charge][];
  refunds: [string, Refund][];
  accounts: [string, Account][];
  transfers: [string, Transfer][];
  /** Answers already given per idempotency key (Stripe keeps them 24 hours; we keep them all). */
  idempotent: [string, { status: number; body: string }][];
  /** Webhooks not yet delivered when the state was written: sent again after a restart. */
  undelivered: StripeEvent[];
}

export function loadState(file: string): SavedState | null {
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, "utf8")) as SavedState;
  if (parsed.version !== 1) throw new Error(`${file}: unknown state version ${String(parsed.version)}`);
  return parsed;
}

export function restore(ledger: Ledger, idempotent: Map<string, { status: number; body: string }>, saved: SavedState) {
  for (const [k, v] of saved.intents) ledger.intents.set(k, v);
  for (const [k, v] of saved.charges) ledger.charges.set(k, v);
  for (const [k, v] of saved.refunds) ledger.refunds.set(k, v);
  for (const [k, v] of saved.accounts) ledger.accounts.set(k, v);
  for (const [k, v] of saved.transfers) ledger.transfers.set(k, v);
  for (const [k, v] of saved.idempotent) idempotent.set(k, v);
}

export function saveState(
  file: string,
  ledger: Ledger,
  idempotent: Map<string, { status: number; body: string }>,
  undelivered: StripeEvent[],
) {
  const state: SavedState = {
    version: 1,
    intents: [...ledger.intents],
    charges: [...ledger.charges],
    refunds: [...ledger.refunds],
    accounts: [...ledger.accounts],
    transfers: [...ledger.transfers],
    idempotent: [...idempotent],
    undelivered,
  };
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(state));
  renameSync(tmp, file);
}
