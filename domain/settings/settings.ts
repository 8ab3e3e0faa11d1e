import type { ShopSettings } from "./schemas";

export type { ShopSettings } from "./schemas";

export const defaultShopSettings: ShopSettings = {
  shopName: "Pasal",
  whatsappNumber: "9779800000000",
  telegramUsername: "pasal_support",
  supportPhone: "+977 980-0000000",
  email: "support@pasal.example",
  facebookUrl: "https://www.facebook.com/",
  whatsappChannelUrl: "https://whatsapp.com/channel/",
  telegramChannelUrl: "https://t.me/",
  // The About page's figures.
  customerCount: 7000,
  yearsInService: 5,
  rating: 4.8,
  supportHours: 24,
};
