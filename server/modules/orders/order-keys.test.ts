import { describe, expect, it } from "vitest";
import { orderKeyFromBytes, orderKeyPattern, withoutOrderKey } from "../../../domain/orders/order-page";
import { hashOrderKey, newOrderKey } from "./order-keys";

describe("order keys", () => {
  it("are 24 base64url characters carrying 144 random bits, different every time", () => {
    const keys = new Set(Array.from({ length: 1000 }, newOrderKey));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(orderKeyPattern);
    expect(orderKeyFromBytes(new Uint8Array(18).fill(255))).toBe("________________________");
    expect(() => orderKeyFromBytes(new Uint8Array(15))).toThrow(/18 random bytes/);
  });

  it("are stored as their SHA-256, which differs for a key one character off", () => {
    const key = newOrderKey();
    const stored = hashOrderKey(key);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(key);
    expect(hashOrderKey(key)).toBe(stored);
    expect(hashOrderKey(key.slice(0, -1) + (key.endsWith("A") ? "B" : "A"))).not.toBe(stored);
  });

  it("are hidden from logged request targets", () => {
    expect(withoutOrderKey("/order/PSL-23456?key=abc&x=1")).toBe("/order/PSL-23456?key=[hidden]&x=1");
    expect(withoutOrderKey("/api/orders/PSL-23456?x=1&KEY=abc")).toBe("/api/orders/PSL-23456?x=1&KEY=[hidden]");
    expect(withoutOrderKey("/prices?q=key")).toBe("/prices?q=key");
    expect(withoutOrderKey("/prices?keyword=vpn")).toBe("/prices?keyword=vpn");
  });

  it("are hidden however the query spells the name, as the server decodes it", () => {
    expect(withoutOrderKey("/order/PSL-23456?k%65y=abc")).toBe("/order/PSL-23456?k%65y=[hidden]");
    expect(withoutOrderKey("/order/PSL-23456?%6Bey=abc&x=1")).toBe("/order/PSL-23456?%6Bey=[hidden]&x=1");
    expect(withoutOrderKey("/order/PSL-23456?%4B%45%59=abc")).toBe("/order/PSL-23456?%4B%45%59=[hidden]");
    expect(withoutOrderKey("/order/PSL-23456?key[]=abc&key%5B%5D=def")).toBe("/order/PSL-23456?key[]=[hidden]&key%5B%5D=[hidden]");
    expect(withoutOrderKey("/order/PSL-23456?key+=abc&x=1&key=def")).toBe("/order/PSL-23456?key+=[hidden]&x=1&key=[hidden]");
    // A name that cannot be decoded hides its value; so does anything after a #.
    expect(withoutOrderKey("/order/PSL-23456%?k%6=abc&x=1")).toBe("/order/PSL-23456%?k%6=[hidden]&x=1");
    expect(withoutOrderKey("/order/PSL-23456?x=1#key=abc")).toBe("/order/PSL-23456?x=1#[hidden]");
  });
});
