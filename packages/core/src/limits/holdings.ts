import type { Store } from "../db/store.ts";
import type { TxEntities, TxItem } from "../db/transact.ts";
import type { ErrorCode, ErrorParams } from "../shared/errors.ts";

/** The registry's codes that take no parameters (an "at once" limit's sentence names its own number). */
export type PlainCode = { [C in ErrorCode]: ErrorParams<C> extends [] ? C : never }[ErrorCode];

/**
 * One "at once" limit: a person holds at most `max` of something (saved prints, unpaid orders,
 * listed printers). No window: a slot comes back when the thing is gone (deleted, paid, ended).
 */
export interface HoldingRule {
  /** Part of the stored key, and the 429's code in core's registry. */
  name: PlainCode;
  max: number;
}

/**
 * The transaction item that takes one slot of `rule` for `subject`: a conditional ADD (count < max).
 * Written in the same transaction as the thing it counts, so the count and the things agree and
 * parallel requests cannot overshoot; when this item's condition fails, answer `fail(rule.name)`.
 */
export function takeHolding(entities: TxEntities, rule: HoldingRule, subject: string): TxItem {
  return entities.holdings
    .upsert({ rule: rule.name, subject })
    .add({ count: 1 })
    .where((a, op) => `${op.notExists(a.count)} OR ${op.lt(a.count, rule.max)}`)
    .commit();
}

/**
 * The transaction item that gives a slot back. Unconditional, so it can never cancel the write it
 * rides with; it is added only for things that were counted when taken (a flag on the item), so
 * things made before the limit existed are not given back.
 */
export function giveBackHolding(entities: TxEntities, rule: HoldingRule, subject: string): TxItem {
  return entities.holdings.upsert({ rule: rule.name, subject }).add({ count: -1 }).commit();
}

/** How many `subject` holds under `rule` (tests and diagnostics). */
export async function heldCount(store: Store, rule: HoldingRule, subject: string): Promise<number> {
  const { data } = await store.entities.holdings.get({ rule: rule.name, subject }).go({ consistent: true });
  return data?.count ?? 0;
}
