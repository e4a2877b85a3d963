import { describe, expect, it } from "vitest";
import { addressSubject } from "../../src/limits/client-address.ts";

describe("addressSubject: what a per-address limit counts", () => {
  it.each([
    ["IPv4 as is", "203.0.113.9", "203.0.113.9"],
    ["IPv4-mapped IPv6 (a dual-stack socket's IPv4 peer) as IPv4", "::ffff:203.0.113.9", "203.0.113.9"],
    ["IPv6 by its /64", "2001:db8:abcd:12:1:2:3:4", "2001:db8:abcd:12::/64"],
    ["compressed IPv6 by its /64", "2001:db8::1", "2001:db8:0:0::/64"],
    ["another host in the same /64 alike", "2001:db8:0:0:ffff:ffff:ffff:ffff", "2001:db8:0:0::/64"],
    ["leading zeros ignored", "2001:0db8:0000:0012::1", "2001:db8:0:12::/64"],
    ["bracketed IPv6", "[2001:db8::1]", "2001:db8:0:0::/64"],
    ["loopback IPv6", "::1", "0:0:0:0::/64"],
    ["garbage as one shared subject", "not an address", "unknown"],
    ["a missing address as one shared subject", undefined, "unknown"],
  ])("%s", (_, input, subject) => {
    expect(addressSubject(input)).toBe(subject);
  });
});
