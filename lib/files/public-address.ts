import ipaddr from "ipaddr.js";

// IPv4-compatible IPv6 (::a.b.c.d, deprecated by RFC 4291) is the one embedding form ipaddr.js
// files under "unicast"; refuse it so ::127.0.0.1 cannot stand in for 127.0.0.1.
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

/**
 * Whether an outbound fetch may connect to `address`: only globally routable unicast space.
 * Everything ipaddr.js puts in a special range is refused (private, loopback, link-local and with
 * it the 169.254.169.254 metadata address, CGNAT, unique-local and with it fd00:ec2::254,
 * multicast, unspecified, broadcast, reserved, NAT64/6to4/Teredo). IPv4-mapped IPv6 is judged as
 * the IPv4 address it maps to. Anything that does not parse as an address is refused.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  if (parsed.kind() === "ipv6" && parsed.match(IPV4_COMPATIBLE)) return false;
  return parsed.range() === "unicast";
}

function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.replace(/^\[(.*)\]$/, "$1");
  // A zone id (fe80::1%eth0) names an interface, which no public address needs.
  if (bare.includes("%") || !ipaddr.isValid(bare)) return null;
  return ipaddr.process(bare);
}
