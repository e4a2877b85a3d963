// Form bodies (Stripe style: a[b][c]=v, a[0]=v, a[]=v)

export type FormValue = string | FormValue[] | { [key: string]: FormValue };

/** Parses an application/x-www-form-urlencoded body with bracketed nesting into objects/arrays. */
export function parseStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  if (!body) return root;
  for (const pair of body.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? "" : pair.slice(eq + 1);
    const key = decodeURIComponent(rawKey.replace(/\+/g, " "));
    const value = decodeURIComponent(rawValue.replace(/\+/g, " "));
    const first = key.indexOf("[");
    const path = first === -1 ? [key] : [key.slice(0, first), ...[...key.slice(first).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? "")];
    assign(root, path, value);
  }
  return normaliseArrays(root) as Record<string, FormValue>;
}

function assign(target: Record<string, FormValue>, path: string[], value: string) {
  let node: Record<string, FormValue> = target;
  for (let i = 0; i < path.length; i++) {
    let seg = path[i]!;
    const last = i === path.length - 1;
    if (seg === "") seg = String(Object.keys(node).length); // a[]=x appends
    if (last) {
      node[seg] = value;
      return;
    }
    const next = node[seg];
    if (next === undefined || typeof next === "string" || Array.isArray(next)) {
      const child: Record<string, FormValue> = {};
      node[seg] = child;
      node = child;
    } else {
      node = next;
    }
  }
}

/** Objects whose keys are exactly 0..n-1 become arrays. */
function normaliseArrays(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const out: Record<string, FormValue> = {};
  for (const k of keys) out[k] = normaliseArrays(value[k]!);
  if (keys.length > 0 && keys.every((k, i) => /^\d+$/.test(k) && Number(k) === i)) return keys.map((k) => out[k]!);
  return out;
}
