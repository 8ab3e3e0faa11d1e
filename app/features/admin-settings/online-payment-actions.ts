import { z } from "zod";
import { GATEWAYS } from "../../../domain/payments/payments";
import { gatewaySettingsInputSchema } from "../../../domain/payments/schemas";

/** One online gateway's settings: the same schema as the API's route; secrets left empty are kept. */
export const saveGatewaySchema = z.object({ intent: z.literal("gateway"), gateway: z.enum(GATEWAYS), fields: gatewaySettingsInputSchema });
