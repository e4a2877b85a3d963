import { routeGroup } from "../../contract.ts";
import { staffAuditRoutes } from "./audit.ts";
import { staffClaimRoutes } from "./claims.ts";
import { staffLookupRoutes } from "./lookup.ts";
import { staffMoneyRoutes } from "./money.ts";
import { staffReportRoutes } from "./reports.ts";
import { staffSuspensionRoutes } from "./suspensions.ts";
import { staffVerificationRoutes } from "./verifications.ts";

/**
 * Every call under /api/staff/ (issue 21 point 5), one file per capability, chained here. app.ts
 * mounts this at /staff behind the one gate (middleware/staff.ts `staffOnly`); each route is also
 * declared with `access: "staff"`. A new staff capability adds its file and one `.route` line.
 */
export const staffRoutes = routeGroup()
  .route("/", staffAuditRoutes)
  .route("/", staffLookupRoutes)
  .route("/", staffSuspensionRoutes)
  .route("/", staffReportRoutes)
  .route("/", staffVerificationRoutes)
  .route("/", staffClaimRoutes)
  .route("/", staffMoneyRoutes);
