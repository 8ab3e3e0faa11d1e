import { GATEWAY_NAMES, type Gateway } from "../../../domain/payments/payments";
import type { Db } from "../../db/database";
import { conflict } from "../../errors";
import type { Cipher } from "../secrets/cipher";
import { secretContext } from "../secrets/stored";
import type { FonepayMerchant } from "./fonepay";
import { GatewayError } from "./gateway-result";
import { createPaymentsRepository, type StoredGateway } from "./repository";

/** What each stored merchant secret is bound to: a sealed secret moved to another gateway does not open there. */
export const gatewaySecretContext = (gateway: Gateway, what: "secret" | "password") => secretContext.gateway(gateway, what);

/** A gateway's settings with its secrets opened, for talking to it; never answered to a browser. */
export type Merchant = { merchantCode: string; username: string; secret: string; password: string };

/** Turned on, with what the gateway needs to be asked. */
export const ready = (g: StoredGateway) =>
  g.enabled &&
  g.secretSealed !== null &&
  (g.gateway === "khalti" || g.merchantCode !== "") &&
  (g.gateway !== "fonepay" || (g.username !== "" && g.passwordSealed !== null));

export const asFonepay = (m: Merchant): FonepayMerchant => ({
  merchantCode: m.merchantCode,
  secret: m.secret,
  username: m.username,
  password: m.password,
});

/** The shop's merchants at the gateways, their secrets opened with the shop's secrets key. */
export function createMerchants(db: Db, secrets: Pick<Cipher, "decrypt">) {
  const repository = createPaymentsRepository();
  function merchantOf(stored: StoredGateway): Merchant {
    return {
      merchantCode: stored.merchantCode,
      username: stored.username,
      secret: stored.secretSealed ? secrets.decrypt(stored.secretSealed, gatewaySecretContext(stored.gateway, "secret")) : "",
      password: stored.passwordSealed ? secrets.decrypt(stored.passwordSealed, gatewaySecretContext(stored.gateway, "password")) : "",
    };
  }

  /** Turned on, with what it needs: for starting a payment. */
  async function readyGateway(gateway: Gateway): Promise<Merchant> {
    const stored = await repository.gateway(db, gateway);
    if (!stored || !ready(stored)) throw conflict(`${GATEWAY_NAMES[gateway]} is not turned on in this shop`);
    return merchantOf(stored);
  }

  /** A payment started while the gateway was on is still checked after the seller turned it off. */
  async function readyGatewayForCheck(gateway: Gateway): Promise<Merchant> {
    const stored = await repository.gateway(db, gateway);
    if (!stored?.secretSealed) throw new GatewayError(`${GATEWAY_NAMES[gateway]} has no merchant secret stored`);
    return merchantOf(stored);
  }

  return { readyGateway, readyGatewayForCheck };
}
