import { describe, expect, it } from "vitest";
import { customerPath, withoutLinkKeys } from "./customer-page";
import { deliveryMessage } from "../ledger/delivery-message";
import { DEFAULT_DELIVERY_TEMPLATE, DEFAULT_DELIVERY_TEMPLATE_NE } from "../ledger/settings";

const key = "abcdefghijklmnopqrstuvwx";

describe("the customer link", () => {
  it("lives at /my/<key>", () => {
    expect(customerPath(key)).toBe(`/my/${key}`);
  });

  it("is hidden from logged request targets: the page, its data, the API, in either language", () => {
    expect(withoutLinkKeys(`/my/${key}`)).toBe("/my/[hidden]");
    expect(withoutLinkKeys(`/ne/my/${key}.data?_routes=routes%2Fmy`)).toBe("/ne/my/[hidden]?_routes=routes%2Fmy");
    expect(withoutLinkKeys(`/api/my/${key}`)).toBe("/api/my/[hidden]");
    expect(withoutLinkKeys(`/MY/${key}/`)).toBe("/MY/[hidden]");
    expect(withoutLinkKeys(`//my//${key}`)).toBe("//my//[hidden]");
    expect(withoutLinkKeys(`http://shop.example/my/${key}`)).toBe("http://shop.example/my/[hidden]");
  });

  it("is hidden however the path is spelled, as the router decodes it", () => {
    expect(withoutLinkKeys(`/%6Dy/${key}`)).toBe("/my/[hidden]");
    expect(withoutLinkKeys(`/n%65/m%79/${key}`)).toBe("/ne/my/[hidden]");
    // A path that cannot be decoded is judged as it is written.
    expect(withoutLinkKeys(`/my/${key}%`)).toBe("/my/[hidden]");
  });

  it("is hidden in a query value naming the page (route discovery), and order keys stay hidden", () => {
    expect(withoutLinkKeys(`/__manifest?paths=%2Fne%2Fmy%2F${key}&version=abc`)).toBe("/__manifest?paths=[hidden]&version=abc");
    expect(withoutLinkKeys(`/__manifest?paths=/,/my/${key}`)).toBe("/__manifest?paths=[hidden]");
    expect(withoutLinkKeys(`/order/PSL-23456?key=${key}&x=1`)).toBe("/order/PSL-23456?key=[hidden]&x=1");
    expect(withoutLinkKeys("/order/PSL-23456?x=1#key=abc")).toBe("/order/PSL-23456?x=1#[hidden]");
  });

  it("leaves other targets as they are", () => {
    for (const url of ["/my-orders", "/prices?q=my", "/army/x", "/prices/My%20Service", "/__manifest?paths=%2Fmy-orders&version=1", "/"]) {
      expect(withoutLinkKeys(url), url).toBe(url);
    }
  });

  it("is a line of the default delivery messages, left out when there is no link to give", () => {
    const link = `https://shop.example/my/${key}`;
    expect(deliveryMessage(DEFAULT_DELIVERY_TEMPLATE, { reference: "PSL-7K2QX", customerlink: link })).toBe(
      `All your subscriptions, and Renew: ${link}\nOrder PSL-7K2QX. Thank you!`,
    );
    expect(deliveryMessage(DEFAULT_DELIVERY_TEMPLATE_NE, { customerlink: link })).toContain(`तपाईंका सबै सदस्यता र नवीकरण: ${link}\n`);
    expect(deliveryMessage(DEFAULT_DELIVERY_TEMPLATE, { reference: "PSL-7K2QX", customerlink: null })).toBe("Order PSL-7K2QX. Thank you!");
  });
});
