// Stripe Connect for payouts: Express accounts, onboarding links and transfers to them.
import { invalid } from "./errors.ts";
import type { FormValue } from "./form.ts";
import { newId, now } from "./ids.ts";
import type { Account, Ledger, Transfer } from "./objects.ts";
import { integerParam, metadataParam, obj, str } from "./params.ts";

export function createAccount(ledger: Ledger, params: Record<string, FormValue>): Account {
  const type = str(params.type) ?? "express";
  if (!["express", "standard", "custom"].includes(type))
    throw invalid(`Invalid type: must be one of custom, express, or standard`, { param: "type" });
  const transfers = str(obj(obj(params.capabilities)?.transfers)?.requested) === "true";
  // Test mode needs no identity checks: the stand-in's accounts can take transfers at once.
  const account: Account = {
    id: newId("acct"),
    object: "account",
    type: type as Account["type"],
    country: str(params.country) ?? "US",
    email: str(params.email) ?? null,
    created: now(),
    capabilities: { transfers: transfers ? "active" : "inactive" },
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: false,
    metadata: metadataParam(params.metadata),
  };
  ledger.accounts.set(account.id, account);
  return account;
}

export function getAccount(ledger: Ledger, id: string): Account {
  const account = ledger.accounts.get(id);
  if (!account) throw invalid(`No such account: '${id}'`, { code: "resource_missing", param: "account" }, 404);
  return account;
}

/** An onboarding link: a page of the stand-in that marks the account set up and returns to the site. */
export function createAccountLink(ledger: Ledger, params: Record<string, FormValue>, baseUrl: string) {
  const accountId = str(params.account);
  if (!accountId) throw invalid("Missing required param: account.", { code: "parameter_missing", param: "account" });
  getAccount(ledger, accountId);
  const returnUrl = str(params.return_url);
  const refreshUrl = str(params.refresh_url);
  if (!returnUrl) throw invalid("Missing required param: return_url.", { code: "parameter_missing", param: "return_url" });
  if (!refreshUrl) throw invalid("Missing required param: refresh_url.", { code: "parameter_missing", param: "refresh_url" });
  const created = now();
  return {
    object: "account_link",
    created,
    expires_at: created + 300,
    url: `${baseUrl}/local/onboarding/${accountId}?return_url=${encodeURIComponent(returnUrl)}`,
  };
}

export function createTransfer(ledger: Ledger, params: Record<string, FormValue>): Transfer {
  const amount = integerParam(params, "amount", true)!;
  if (amount <= 0) throw invalid("Invalid positive integer", { code: "parameter_invalid_integer", param: "amount" });
  const currency = str(params.currency)?.toLowerCase();
  if (!currency) throw invalid("Missing required param: currency.", { code: "parameter_missing", param: "currency" });
  const destination = str(params.destination);
  if (!destination) throw invalid("Missing required param: destination.", { code: "parameter_missing", param: "destination" });
  const account = ledger.accounts.get(destination);
  if (!account) throw invalid(`No such destination: '${destination}'`, { code: "resource_missing", param: "destination" });
  if (account.capabilities.transfers !== "active") {
    throw invalid(
      "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
      { code: "insufficient_capabilities_for_transfer", param: "destination" },
    );
  }
  const transfer: Transfer = {
    id: newId("tr"),
    object: "transfer",
    amount,
    currency,
    destination,
    created: now(),
    metadata: metadataParam(params.metadata),
    reversed: false,
    transfer_group: str(params.transfer_group) ?? null,
  };
  ledger.transfers.set(transfer.id, transfer);
  return transfer;
}

export function getTransfer(ledger: Ledger, id: string): Transfer {
  const transfer = ledger.transfers.get(id);
  if (!transfer) throw invalid(`No such transfer: '${id}'`, { code: "resource_missing", param: "id" }, 404);
  return transfer;
}
