import { formatNpr } from "../../../domain/money";

/** Prices in the cart carry a rupee sign (spec §9); Nepal writes it 'Rs.'. */
export const rupees = (amount: number) => `Rs. ${formatNpr(amount)}`;
