import { expect, type APIRequestContext } from "@playwright/test";
import { FAKE_CREDENTIALS } from "../tests/fakes/gateways";

/** Turns the three online gateways on (or off) with the fakes' merchant accounts, as the seller does in Settings. */
export async function turnOnGateways(admin: APIRequestContext, on = true) {
  const c = FAKE_CREDENTIALS;
  const bodies = {
    khalti: { enabled: on, merchantCode: "", username: "", secret: c.khalti.secret },
    esewa: { enabled: on, merchantCode: c.esewa.productCode, username: "", secret: c.esewa.secret },
    fonepay: {
      enabled: on,
      merchantCode: c.fonepay.merchantCode,
      username: c.fonepay.username,
      secret: c.fonepay.secret,
      password: c.fonepay.password,
    },
  };
  for (const [gateway, data] of Object.entries(bodies)) {
    const saved = await admin.put(`/api/admin/payment-gateways/${gateway}`, { data });
    expect(saved.status(), await saved.text()).toBe(200);
  }
}

/** Starts paying `reference` with `gateway` from the API, as the order page's button does; answers what the server said. */
export async function startPayment(request: APIRequestContext, origin: string, orderUrl: string, gateway: "khalti" | "esewa" | "fonepay") {
  const url = new URL(orderUrl, origin);
  const reference = url.pathname.split("/").at(-1)!;
  const answer = await request.post(`${origin}/api/orders/${reference}/pay/${gateway}`, {
    data: { key: url.searchParams.get("key") },
    headers: { origin },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).start as { paymentId: string; url?: string; qr?: string };
}
