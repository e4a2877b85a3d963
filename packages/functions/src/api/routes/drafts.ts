import { deleteDraft, getOwnDraft, jobSchema, presentWithPrinter, updateDraft, updateDraftInput } from "@printhood/core";
import { declareRoute, idParam, json, okSchema, routeGroup } from "../contract.ts";
import { requireUser } from "../middleware/session.ts";
import { draftBody, readDraftBody } from "./draft-body.ts";

/** `/api/drafts/{id}`: one's own saved print; anyone else's answers the same 404 as a missing one. */

const read = declareRoute({
  method: "get",
  path: "/{id}",
  summary: "One's own saved print, priced by the server",
  tags: ["Drafts"],
  access: "signed-in",
  request: { params: idParam },
  responses: { 200: json(jobSchema, "The draft") },
  errors: ["draft_not_found"],
});

const update = declareRoute({
  method: "put",
  path: "/{id}",
  summary: "Change one's own draft's settings (or its file), re-priced by the server",
  tags: ["Drafts"],
  access: "signed-in",
  request: { params: idParam, body: draftBody(updateDraftInput) },
  middleware: [readDraftBody],
  responses: { 200: json(jobSchema, "The draft as changed") },
  errors: ["draft_not_found", "upload_not_found", "printer_not_found", "analysis_pending", "bad_form", "file_not_accepted"],
});

const remove = declareRoute({
  method: "delete",
  path: "/{id}",
  summary: "Delete one's own draft (a submitted order cannot be deleted)",
  tags: ["Drafts"],
  access: "signed-in",
  request: { params: idParam },
  responses: { 200: json(okSchema, "Deleted") },
  errors: ["draft_not_found"],
});

export const draftRoutes = routeGroup()
  .openapi(read, async (c) => {
    const store = c.var.deps.store;
    return c.json(await presentWithPrinter(store, await getOwnDraft(store, requireUser(c).id, c.req.valid("param").id)), 200);
  })
  .openapi(update, async (c) => {
    const store = c.var.deps.store;
    const input = c.req.valid("json");
    return c.json(await presentWithPrinter(store, await updateDraft(store, requireUser(c).id, c.req.valid("param").id, input)), 200);
  })
  .openapi(remove, async (c) => {
    await deleteDraft(c.var.deps.store, requireUser(c).id, c.req.valid("param").id);
    return c.json({ ok: true as const }, 200);
  });
