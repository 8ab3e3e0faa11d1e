import { z } from "zod";
import { GATEWAYS } from "../../../domain/payments";
import { gatewaySettingsInputSchema } from "../../../domain/schemas/payments";

/** One online gateway's settings (issue 30): the same schema as the API's route; secrets left empty are kept. */
export const saveGatewaySchema = z.object({ intent: z.literal("gateway"), gateway: z.enum(GATEWAYS), fields: gatewaySettingsInputSchema });
