import { describe, expect, it } from "vitest";
import { PAGE_BUDGETS } from "../scripts/page-budgets";
import { DIST, weighBuild } from "../scripts/size-web";

// CI's page-weight gate (issue 13, docs/architecture.md "Page weight"): the check `npm run size:web`
// prints, on the site `npm test` builds first (packages/local/bin/build-web.mjs). A route over its
// budget, a screen in the first load or three.js, Leaflet or Stripe where they do not belong fails here.
// Reads dist from disk, so it is typechecked with Node's types (tsconfig.node.json).

describe(`the built site (${DIST})`, () => {
  const report = weighBuild();

  it("loads at most each route's budget of gzipped JavaScript, and the heavy libraries only where they are used", () => {
    expect(report.problems).toEqual([]);
    expect(report.routes.map((r) => r.route)).toEqual(PAGE_BUDGETS.map((b) => b.route));
  });

  it("loads at most 150 kB of gzipped JavaScript on the landing page", () => {
    const landing = report.routes.find((r) => r.route === "/");
    expect(landing?.bytes).toBeLessThanOrEqual(150_000);
  });
});
