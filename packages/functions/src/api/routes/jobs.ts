import {
  DETAIL_TYPES,
  deleteDraft,
  getOwnDraft,
  getPrintJob,
  listDrafts,
  listOwnerJobs,
  listPrinterJobs,
  parseInput,
  presentJob,
  printerSummary,
  saveDraft,
  saveDraftInput,
  submitOrder,
  submitOrderInput,
  updateDraft,
  updateDraftInput,
  VisibleError,
} from "@printhood/core";
import { type Context, Hono } from "hono";
import type { z } from "zod";
import { jsonBody } from "../body.ts";
import type { AppEnv } from "../deps.ts";
import { requireSelf, requireUser } from "../middleware/session.ts";

/** Multipart fields whose text is JSON or a number (the spec's save-draft form). */
const JSON_FIELDS = new Set(["printSettings"]);
const NUMBER_FIELDS = new Set(["estimatedWeight", "totalCost"]);

/**
 * The spec sends save-draft and PUT drafts as multipart; we also take JSON. Both are checked by
 * the same strict schema. A multipart `file` is refused: designs go to S3 through /api/uploads.
 */
async function draftBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.includes("multipart/form-data") && !type.includes("application/x-www-form-urlencoded")) return jsonBody(c, schema);
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new VisibleError("invalid", "bad_form", "The form data could not be read.");
  }
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    if (Array.isArray(value)) throw new VisibleError("invalid", "invalid_input", `${key} was sent more than once.`);
    if (typeof value !== "string") {
      throw new VisibleError(
        "invalid",
        "file_not_accepted",
        "Upload the design with /api/uploads first, then send its uploadId instead of the file.",
      );
    }
    if (JSON_FIELDS.has(key)) {
      try {
        data[key] = JSON.parse(value);
      } catch {
        throw new VisibleError("invalid", "invalid_input", `${key} must be JSON text.`);
      }
    } else if (NUMBER_FIELDS.has(key) && value.trim() !== "" && Number.isFinite(Number(value))) data[key] = Number(value);
    else data[key] = value;
  }
  return parseInput(schema, data);
}

async function present(c: Context<AppEnv>, job: Parameters<typeof presentJob>[0]) {
  const store = c.var.deps.store;
  const printer = job.printerId ? (await store.entities.printers.get({ printerId: job.printerId }).go()).data : null;
  return presentJob(job, await printerSummary(store, printer));
}

/** Saved prints (drafts), submitting one as an order, and reading an order. */
async function saveDraftHandler(c: Context<AppEnv>) {
  const user = requireUser(c);
  const input = await draftBody(c, saveDraftInput);
  const job = await saveDraft(c.var.deps.store, user.id, input);
  return c.json({ jobId: job.jobId, draft: await present(c, job) }, 201);
}

export const jobRoutes = new Hono<AppEnv>()
  .post("/save-draft", saveDraftHandler)
  // The spec's upload-design path: the same draft, saved before the customer is sent to the
  // compatible-printers finder (/printers?jobId=…), so the chosen printer can take it straight on.
  .post("/upload-design", saveDraftHandler)
  .get("/drafts/:id", async (c) => {
    const user = requireUser(c);
    return c.json(await present(c, await getOwnDraft(c.var.deps.store, user.id, c.req.param("id"))));
  })
  .put("/drafts/:id", async (c) => {
    const user = requireUser(c);
    const input = await draftBody(c, updateDraftInput);
    const job = await updateDraft(c.var.deps.store, user.id, c.req.param("id"), input);
    return c.json(await present(c, job));
  })
  .delete("/drafts/:id", async (c) => {
    const user = requireUser(c);
    await deleteDraft(c.var.deps.store, user.id, c.req.param("id"));
    return c.json({ ok: true });
  })
  .get("/users/:id/drafts", async (c) => {
    const user = requireSelf(c, c.req.param("id"));
    const drafts = await listDrafts(c.var.deps.store, user.id);
    return c.json(drafts.map((d) => presentJob(d)));
  })
  .post("/submit-order", async (c) => {
    const user = requireUser(c);
    const input = await jsonBody(c, submitOrderInput);
    const { job, printer } = await submitOrder(c.var.deps.store, user.id, input);
    // Publish only after the write succeeded (architecture rule 6). The order stands even if the
    // bus is down: a lost notification must not turn a stored order into an error.
    try {
      await c.var.deps.events.publish(DETAIL_TYPES.jobStatusChanged, {
        jobId: job.jobId,
        status: job.status,
        customerId: job.customerId,
        ownerId: printer.ownerId,
        fileName: job.fileName,
      });
    } catch (e) {
      console.error(
        JSON.stringify({ level: "error", message: "job.status_changed not published", jobId: job.jobId, error: (e as Error).message }),
      );
    }
    return c.json({ orderId: job.jobId, status: job.status, totalCost: presentJob(job).totalCost }, 201);
  })
  // Jobs sent to an owner's printers (spec 2 §7): the dashboard, the Print Queue and tracking.
  .get("/printers/:id/jobs", async (c) => {
    const user = requireUser(c);
    return c.json(await listPrinterJobs(c.var.deps.store, user.id, c.req.param("id")));
  })
  .get("/users/:id/printer-jobs", async (c) => {
    const user = requireSelf(c, c.req.param("id"));
    return c.json(await listOwnerJobs(c.var.deps.store, user.id));
  })
  .get("/print-jobs/:id", async (c) => {
    const user = requireUser(c);
    const { job, printer } = await getPrintJob(c.var.deps.store, user.id, c.req.param("id"));
    return c.json(presentJob(job, await printerSummary(c.var.deps.store, printer)));
  });
