import type { CarouselInput } from "./carousel";

export const defaultSlides: CarouselInput[] = [
  {
    image: "/images/slides/netflix-premium.svg",
    title: "Netflix Premium from Rs. 300",
    description: "4K UHD on your own PIN-locked profile, with 1, 3, 6 and 12 month plans.",
    badge: "Best Seller",
    ctaText: "Shop Now",
    ctaLink: "/prices/Netflix%20Premium",
    position: 0,
  },
  {
    image: "/images/slides/music.svg",
    title: "Ad-free Music All Year",
    description: "Spotify Premium and Apple Music on your own account, so your playlists stay yours.",
    badge: "Trending",
    ctaText: "Browse Music",
    ctaLink: "/price/music",
    position: 1,
  },
  {
    image: "/images/slides/chatgpt-plus.svg",
    title: "ChatGPT Plus, Paid in Rupees",
    description: "Get ChatGPT Plus on your own account without an international card.",
    badge: "New",
    ctaText: "Get It Now",
    ctaLink: "/prices/ChatGPT%20Plus",
    position: 2,
  },
  {
    image: "/images/slides/vpn.svg",
    title: "Save up to 25% on VPNs",
    description: "Yearly NordVPN, ExpressVPN and Surfshark plans cost less than paying month by month.",
    badge: "Limited Offer",
    ctaText: "See VPN Plans",
    ctaLink: "/price/vpn",
    position: 3,
  },
  {
    image: "/images/slides/games.svg",
    title: "Game Pass, PS Plus and Gift Cards",
    description: "Top up Steam, Google Play and your console subscriptions in minutes.",
    badge: "",
    ctaText: "Shop Games",
    ctaLink: "/price/games",
    position: 4,
  },
];
