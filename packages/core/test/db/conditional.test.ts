import { ConditionalCheckFailedException, TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { describe, expect, it } from "vitest";
import { failedConditions, isConditionFailure } from "../../src/db/conditional.ts";

const meta = { $metadata: {} };
const conditionFailed = () => new ConditionalCheckFailedException({ message: "The conditional request failed", ...meta });
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: "Transaction cancelled", CancellationReasons: codes.map((Code) => ({ Code })), ...meta });

describe("recognising a failed conditional write", () => {
  it("by the SDK's error type, directly or wrapped as ElectroDB wraps it (cause)", () => {
    expect(isConditionFailure(conditionFailed())).toBe(true);
    const electro = Object.assign(new Error("Error thrown by DynamoDB client: The conditional request failed"), {
      cause: conditionFailed(),
    });
    expect(isConditionFailure(electro)).toBe(true);
    expect(isConditionFailure(cancelled("None", "ConditionalCheckFailed"))).toBe(true);
  });

  it("never by the message's words", () => {
    expect(isConditionFailure(new Error("The conditional request failed"))).toBe(false);
    expect(isConditionFailure(Object.assign(new Error("x"), { cause: new Error("ConditionalCheckFailedException") }))).toBe(false);
    expect(isConditionFailure(cancelled("TransactionConflict"))).toBe(false);
    expect(isConditionFailure(null)).toBe(false);
    expect(isConditionFailure("ConditionalCheckFailedException")).toBe(false);
  });

  it("reads which items of an ElectroDB transaction failed their condition", () => {
    expect(failedConditions({ canceled: false, data: [] })).toEqual([]);
    const data = [
      { rejected: false, code: "None" },
      { rejected: true, code: "ConditionalCheckFailed" },
      { rejected: true, code: "TransactionConflict" },
    ];
    expect(failedConditions({ canceled: true, data })).toEqual([1]);
  });
});
