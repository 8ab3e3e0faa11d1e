import type { UpdateInput } from "./schemas";

export const defaultUpdates: Array<UpdateInput & { daysAgo: number }> = [
  {
    Title: "ChatGPT Plus and Canva Pro now available",
    Description:
      "You asked, we listened: ChatGPT Plus and Canva Pro are now on the price list. Both are activated on your own account, so your chats and designs stay private, and you pay in rupees with no international card needed.",
    ImageUrl: "/images/updates/new-services.svg",
    daysAgo: 3,
  },
  {
    Title: "Netflix Premium price update",
    Description:
      "Netflix Premium shared profiles are now Rs. 300 for 1 month, Rs. 880 for 3 months, Rs. 1,700 for 6 months and Rs. 3,200 for 12 months. Customers with an active plan keep their current price until renewal.",
    ImageUrl: "/images/updates/netflix-price-update.svg",
    daysAgo: 20,
  },
  {
    Title: "Support is now 24/7",
    Description:
      "Our team now answers on WhatsApp and Telegram around the clock, every day including public holidays. Orders are handled as soon as payment is confirmed, day or night.",
    ImageUrl: "/images/updates/support-hours.svg",
    daysAgo: 45,
  },
  {
    Title: "Dashain and Tihar festival offer",
    Description:
      "Happy Dashain and Tihar! Every festival season we take 10% off all 12-month plans for OTT, music and VPN. Follow our Facebook page and WhatsApp channel so you don't miss the dates.",
    ImageUrl: "/images/updates/dashain-tihar-offer.svg",
    daysAgo: 80,
  },
];
