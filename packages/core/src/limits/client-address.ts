import { isIP } from "node:net";

/**
 * The subject a per-address limit counts: the client's IPv4 address, or its IPv6 /64. One
 * household or phone gets a whole /64, so counting single IPv6 addresses would hand one
 * person 2^64 fresh limits. IPv4-mapped IPv6 (`::ffff:1.2.3.4`, as Node reports IPv4 peers on
 * a dual-stack socket) counts as the IPv4 address. Anything unreadable shares one subject.
 */
export function addressSubject(address: string | undefined): string {
  const raw = (address ?? "").trim().replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  if (mapped?.[1]) return mapped[1];
  const kind = isIP(raw);
  if (kind === 4) return raw;
  if (kind === 6) return `${expandIPv6(raw).slice(0, 4).join(":")}::/64`;
  return "unknown";
}

/** The eight 16-bit groups of an IPv6 address, without zero compression or a zone. */
function expandIPv6(address: string): string[] {
  const [withoutZone = ""] = address.split("%");
  const [head = "", tail] = withoutZone.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => (Number.parseInt(g, 16) || 0).toString(16));
}
