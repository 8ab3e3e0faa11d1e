import type { ShopSettings } from "../../domain/settings/settings";
import { whatsappUrl } from "../../domain/orders/checkout";
import { m } from "../paraglide/messages";

export function socialLinks(shop: ShopSettings) {
  return [
    { href: shop.facebookUrl, label: "Facebook" },
    { href: whatsappUrl(shop.whatsappNumber, ""), label: "WhatsApp" },
    { href: `https://t.me/${shop.telegramUsername}`, label: "Telegram" },
  ];
}

export function SocialLinks({ shop, className = "", linkClassName = "" }: { shop: ShopSettings; className?: string; linkClassName?: string }) {
  return (
    <ul className={`flex flex-wrap gap-x-4 gap-y-1 ${className}`} aria-label={m.social_links()}>
      {socialLinks(shop).map((link) => (
        <li key={link.label}>
          <a href={link.href} target="_blank" rel="noopener noreferrer" className={`underline-offset-2 hover:underline ${linkClassName}`}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
