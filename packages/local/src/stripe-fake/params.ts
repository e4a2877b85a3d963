// Reading typed request parameters out of a parsed form body, with Stripe's error messages.
import { invalid } from "./errors.ts";
import type { FormValue } from "./form.ts";

export function str(v: FormValue | undefined): string | undefined {
  return typeof v === "string" ? v : undefined;
}

export function obj(v: FormValue | undefined): Record<string, FormValue> | undefined {
  return v !== undefined && typeof v === "object" && !Array.isArray(v) ? v : undefined;
}

export function integerParam(params: Record<string, FormValue>, name: string, required: boolean): number | undefined {
  const raw = str(params[name]);
  if (raw === undefined || raw === "") {
    if (required) throw invalid(`Missing required param: ${name}.`, { code: "parameter_missing", param: name });
    return undefined;
  }
  if (!/^\d+$/.test(raw)) throw invalid(`Invalid integer: ${raw}`, { code: "parameter_invalid_integer", param: name });
  return Number(raw);
}

export function metadataParam(v: FormValue | undefined, current: Record<string, string> = {}): Record<string, string> {
  if (v === undefined) return current;
  if (typeof v === "string") {
    if (v === "") return {};
    throw invalid("Invalid object", { param: "metadata" });
  }
  const meta = obj(v);
  if (!meta) throw invalid("Invalid object", { param: "metadata" });
  const out = { ...current };
  for (const [k, value] of Object.entries(meta)) {
    if (typeof value !== "string") throw invalid("Invalid metadata value", { param: `metadata[${k}]` });
    if (value === "") delete out[k];
    else out[k] = value;
  }
  return out;
}
