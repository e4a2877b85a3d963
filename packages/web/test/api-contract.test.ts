import type { AppType } from "@printhood/api-types";
import { hc, type InferRequestType, type InferResponseType } from "hono/client";
import { describe, expect, expectTypeOf, it } from "vitest";

/**
 * The site's calls are typed by the server's route declarations (docs/api.md): the answer types
 * below come from core's schemas through the API's declaration files, so changing an answer's
 * schema on the server fails this file in the web's typecheck (`npm run typecheck`), and the
 * runtime part checks the client calls the paths and methods the contract declares.
 */
type Client = ReturnType<typeof hc<AppType>>;
type Draft = InferResponseType<Client["api"]["drafts"][":id"]["$get"], 200>;
type Listed = Extract<InferResponseType<Client["api"]["printers"]["$get"], 200>, unknown[]>[number];
type SubmitBody = InferRequestType<Client["api"]["submit-order"]["$post"]>["json"];

describe("the API's typed client (hc<AppType>)", () => {
  it("types each answer's fields from the server's schemas", () => {
    expectTypeOf<Draft["pricing"]["totalCents"]>().toEqualTypeOf<number>();
    expectTypeOf<Draft["pricing"]["total"]>().toEqualTypeOf<string>();
    expectTypeOf<Draft["boundingBox"]>().toEqualTypeOf<{ x: number; y: number; z: number } | null>();
    expectTypeOf<Draft["deliveryMethod"]>().toEqualTypeOf<"pickup" | "delivery" | "shipping">();
    expectTypeOf<Listed["pricePerGram"]>().toEqualTypeOf<number>();
    expectTypeOf<Listed["distanceMiles"]>().toEqualTypeOf<number | undefined>();
    // @ts-expect-error the public listing never carries an owner's street
    expectTypeOf<Listed["street"]>().toBeString();
  });

  it("types each request from the server's input schemas", () => {
    expectTypeOf<SubmitBody["deliveryMethod"]>().toEqualTypeOf<"pickup" | "delivery" | "shipping" | undefined>();
    expectTypeOf<SubmitBody>().toHaveProperty("draftId");
  });

  it("calls the declared path and method, and reads the answer as typed", async () => {
    const seen: { url: string; method: string }[] = [];
    const client = hc<AppType>("http://site.test", {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        seen.push({ url: String(input), method: init?.method ?? "GET" });
        return new Response(JSON.stringify({ printersNearby: 3, printsThisMonth: 1, totalPrinters: 7, totalOrders: 2 }), {
          headers: { "content-type": "application/json" },
        });
      },
    });
    const res = await client.api.stats.$get();
    const stats = await res.json();
    expectTypeOf(stats.totalPrinters).toEqualTypeOf<number>();
    expect(stats.totalPrinters).toBe(7);
    await client.api.drafts[":id"].$delete({ param: { id: "d1" } });
    expect(seen).toEqual([
      { url: "http://site.test/api/stats", method: "GET" },
      { url: "http://site.test/api/drafts/d1", method: "DELETE" },
    ]);
  });
});
