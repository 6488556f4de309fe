import { describe, expect, test } from "vitest";
import { isPublicAddress } from "./public-address";

describe("isPublicAddress", () => {
  test.each([
    ["8.8.8.8", "public IPv4"],
    ["93.184.215.14", "public IPv4"],
    ["2606:4700:4700::1111", "public IPv6"],
    ["2a00:1450:4001:82a::200e", "public IPv6"],
    ["::ffff:8.8.8.8", "IPv4-mapped public IPv4"],
    ["[2606:4700:4700::1111]", "bracketed public IPv6"],
  ])("[FETCH] %s (%s) may be fetched", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  test.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "cloud metadata (link-local)"],
    ["169.254.1.1", "link-local"],
    ["100.64.0.1", "CGNAT"],
    ["100.127.255.254", "CGNAT"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "this network"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.1", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["::1", "IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fe80::1", "IPv6 link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456::1", "unique-local"],
    ["fd00:ec2::254", "AWS metadata over IPv6"],
    ["ff02::1", "IPv6 multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex form"],
    ["::ffff:169.254.169.254", "IPv4-mapped metadata"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["[::ffff:127.0.0.1]", "bracketed IPv4-mapped loopback"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["64:ff9b::7f00:1", "NAT64 of loopback"],
    ["2002:7f00:1::1", "6to4 of loopback"],
    ["2001::1", "Teredo"],
    ["2001:db8::1", "documentation"],
    ["fe80::1%eth0", "zoned link-local"],
    ["localhost", "a name, not an address"],
    ["", "empty"],
  ])("[FETCH] %s (%s) is refused", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});
