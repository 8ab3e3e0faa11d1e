#!/usr/bin/env node
// Writes the locally shipped default images (plain SVG, no logos, no external
// references) into public/images/, then checks that every /images/... path in
// domain/catalogue/default-catalogue.ts points at a file that exists.
//
//   node scripts/generate-images.mjs
//
// The output is committed; re-run after changing the lists below.

import { mkdirSync, readFileSync, writeFileSync, existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "public", "images");
const FONT = "system-ui, sans-serif";
const MAX_BYTES = 2048;

/** "Disney+ Hotstar" → "disney-plus-hotstar", "18+" → "18-plus", "A&B" → "a-and-b". */
function slug(name) {
  return name
    .toLowerCase()
    .replace(/\+/g, " plus ")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function esc(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** Greedy word wrap to at most `maxChars` per line (a long single word keeps its own line). */
function wrap(text, maxChars) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && (line + " " + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? line + " " + word : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A block of bold, centred (or left-aligned) lines, vertically centred on `cy`.
 * Tries line widths up to `maxChars` and keeps the wrap that allows a clearly larger
 * font within `width` x `height` (bold system-ui is about 0.6em per character).
 */
function textBlock({ text, x, cy, width, height, maxSize, maxChars, anchor = "middle", fill = "#fff" }) {
  let best = { lines: [text], size: 0 };
  // Widest wraps first; more lines only when they buy a clearly larger font.
  for (let chars = maxChars; chars >= 4; chars--) {
    const lines = wrap(text, chars);
    const longest = Math.max(...lines.map((l) => l.length));
    const size = Math.floor(Math.min(maxSize, width / (longest * 0.6), height / (lines.length * 1.15)));
    if (size > best.size * 1.12) best = { lines, size };
  }
  const { lines, size } = best;
  const lh = Math.round(size * 1.15);
  const first = Math.round(cy - ((lines.length - 1) * lh) / 2 + size * 0.35);
  const spans = lines.map((l, i) => `<tspan x="${x}" y="${first + i * lh}">${esc(l)}</tspan>`).join("");
  return `<text fill="${fill}" font-family="${FONT}" font-weight="700" font-size="${size}" text-anchor="${anchor}">${spans}</text>`;
}

function svg(w, h, label, colors, body) {
  const stops = colors
    .map((c, i) => `<stop offset="${colors.length === 1 ? 0 : +(i / (colors.length - 1)).toFixed(2)}" stop-color="${c}"/>`)
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(label)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">${stops}</linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
    body +
    `</svg>\n`
  );
}

const written = [];
function write(rel, content) {
  const file = join(outDir, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  written.push(rel);
}

// ---------------------------------------------------------------- catalogue
// [Name (as in default-content.ts), small caption, gradient colours]
const catalogue = [
  ["Netflix Premium", "Streaming", ["#e50914", "#6b0b0b"]],
  ["Amazon Prime Video", "Streaming", ["#00a8e1", "#1a2b4c"]],
  ["YouTube Premium", "Streaming", ["#ff0033", "#6e0018"]],
  ["Disney+ Hotstar", "Streaming", ["#1f80e0", "#0e1b4d"]],
  ["HBO Max", "Streaming", ["#6d28d9", "#0b1f8f"]],
  ["Apple TV+", "Streaming", ["#3a3a3c", "#0b0b0c"]],
  ["Crunchyroll", "Anime", ["#f47521", "#9a3412"]],
  ["Zee5", "Streaming", ["#8230c6", "#2e0845"]],
  ["SonyLIV", "Streaming", ["#b45309", "#111827"]],
  ["Spotify Premium", "Music", ["#1aa34a", "#0a3d1f"]],
  ["Apple Music", "Music", ["#fa233b", "#8c0f25"]],
  ["NordVPN", "VPN", ["#4687ff", "#1b2a57"]],
  ["ExpressVPN", "VPN", ["#da3940", "#6b1515"]],
  ["Surfshark VPN", "VPN", ["#14a3a3", "#0b3f5c"]],
  ["ChatGPT Plus", "AI", ["#10a37f", "#0b3d33"]],
  ["Canva Pro", "Design", ["#0097a7", "#6d28d9"]],
  ["Microsoft 365", "Office", ["#d83b01", "#0063b1"]],
  ["Windows 11 Pro Key", "Licence", ["#0078d4", "#002f5f"]],
  ["Adobe Creative Cloud", "Design", ["#e0281c", "#4c0808"]],
  ["Internet Download Manager", "Software", ["#16a34a", "#14532d"]],
  ["Xbox Game Pass Ultimate", "Gaming", ["#107c10", "#062e06"]],
  ["PlayStation Plus", "Gaming", ["#0070d1", "#00205e"]],
  ["Steam Wallet Gift Card", "Gift Card", ["#2a475e", "#171a21"]],
  ["Google Play Gift Card", "Gift Card", ["#01875f", "#3367d6"]],
  ["Discord Nitro", "Gaming", ["#5865f2", "#262b7a"]],
  ["OnlyFans Gift Balance", "18+", ["#0091c7", "#003b55"]],
  ["Adult Streaming Pass", "18+", ["#be123c", "#1a0a10"]],
  ["Facebook Page Boost", "Social", ["#1877f2", "#0a3578"]],
  ["Instagram Followers", "Social", ["#f58529", "#dd2a7b", "#8134af"]],
];

for (const [name, caption, colors] of catalogue) {
  const body =
    `<circle cx="350" cy="50" r="130" fill="#fff" fill-opacity=".09"/>` +
    `<circle cx="30" cy="390" r="100" fill="#000" fill-opacity=".12"/>` +
    textBlock({ text: name, x: 200, cy: 190, width: 330, height: 240, maxSize: 72, maxChars: 26 }) +
    `<text x="200" y="350" fill="#fff" fill-opacity=".75" font-family="${FONT}" font-size="20" font-weight="600" letter-spacing="3" text-anchor="middle">${esc(caption.toUpperCase())}</text>`;
  write(`catalogue/${slug(name)}.svg`, svg(400, 400, name, colors, body));
}

// ---------------------------------------------------------------- slides
// [file slug, headline, tagline, badge, colours]
const slides = [
  ["netflix-premium", "Netflix Premium", "4K UHD from Rs. 300 a month", "Best Seller", ["#e50914", "#2a0505"]],
  ["music", "Ad-free Music", "Spotify & Apple Music on your own account", "Trending", ["#1aa34a", "#0f172a"]],
  ["chatgpt-plus", "ChatGPT Plus", "Paid in rupees, no card needed", "New", ["#10a37f", "#0f172a"]],
  ["vpn", "Save on VPNs", "NordVPN, ExpressVPN & Surfshark", "Limited Offer", ["#4687ff", "#111827"]],
  ["games", "Games & Gift Cards", "Game Pass, PS Plus, Steam & Google Play", "", ["#5865f2", "#0b0f2e"]],
];

for (const [file, title, tagline, badge, colors] of slides) {
  const badgeW = Math.round(badge.length * 13 + 40);
  const body =
    `<circle cx="1040" cy="250" r="260" fill="#fff" fill-opacity=".07"/>` +
    `<circle cx="1120" cy="90" r="140" fill="#fff" fill-opacity=".08"/>` +
    `<rect x="860" y="330" width="220" height="220" rx="40" fill="#000" fill-opacity=".15" transform="rotate(-18 970 440)"/>` +
    (badge
      ? `<rect x="80" y="110" width="${badgeW}" height="44" rx="22" fill="#fff" fill-opacity=".2"/>` +
        `<text x="${80 + badgeW / 2}" y="140" fill="#fff" font-family="${FONT}" font-size="22" font-weight="700" text-anchor="middle">${esc(badge.toUpperCase())}</text>`
      : "") +
    textBlock({ text: title, x: 80, cy: 250, width: 760, height: 100, maxSize: 84, maxChars: 24, anchor: "start" }) +
    `<text x="80" y="360" fill="#fff" fill-opacity=".85" font-family="${FONT}" font-size="32">${esc(tagline)}</text>`;
  write(`slides/${file}.svg`, svg(1200, 500, title, colors, body));
}

// ---------------------------------------------------------------- updates
// [file slug, headline, colours]
const updates = [
  ["new-services", "ChatGPT Plus & Canva Pro added", ["#10a37f", "#0f172a"]],
  ["netflix-price-update", "Netflix Premium price update", ["#e50914", "#1f0505"]],
  ["support-hours", "Support is now 24/7", ["#2563eb", "#0f172a"]],
  ["dashain-tihar-offer", "Dashain & Tihar festival offer", ["#f59e0b", "#b91c1c", "#4c0519"]],
];

for (const [file, title, colors] of updates) {
  const body =
    `<circle cx="720" cy="60" r="170" fill="#fff" fill-opacity=".08"/>` +
    `<circle cx="60" cy="430" r="120" fill="#000" fill-opacity=".12"/>` +
    `<text x="400" y="110" fill="#fff" fill-opacity=".75" font-family="${FONT}" font-size="20" font-weight="600" letter-spacing="4" text-anchor="middle">PASAL UPDATE</text>` +
    textBlock({ text: title, x: 400, cy: 245, width: 680, height: 200, maxSize: 60, maxChars: 30 });
  write(`updates/${file}.svg`, svg(800, 450, title, colors, body));
}

// ---------------------------------------------------------------- categories
// [category name, label, sub-label, colours]
const categories = [
  ["ott", "OTT", "Movies & Series", ["#e11d48", "#4c0519"]],
  ["music", "Music", "Ad-free Streaming", ["#16a34a", "#052e16"]],
  ["18+", "18+", "Adults Only", ["#9f1239", "#111827"]],
  ["software", "Software", "Apps, AI & Licences", ["#2563eb", "#172554"]],
  ["games", "Games", "Passes & Gift Cards", ["#7c3aed", "#1e1b4b"]],
  ["vpn", "VPN", "Private Browsing", ["#0891b2", "#083344"]],
];

for (const [name, label, sub, colors] of categories) {
  const body =
    `<circle cx="350" cy="40" r="120" fill="#fff" fill-opacity=".09"/>` +
    `<circle cx="40" cy="290" r="90" fill="#000" fill-opacity=".12"/>` +
    textBlock({ text: label, x: 200, cy: 135, width: 320, height: 100, maxSize: 72, maxChars: 12 }) +
    `<text x="200" y="215" fill="#fff" fill-opacity=".8" font-family="${FONT}" font-size="24" font-weight="600" text-anchor="middle">${esc(sub)}</text>`;
  write(`categories/${slug(name)}.svg`, svg(400, 300, label, colors, body));
}

// ---------------------------------------------------------------- placeholder
write(
  "placeholder.svg",
  svg(
    400,
    400,
    "Image not available",
    ["#e5e7eb", "#9ca3af"],
    `<rect x="130" y="110" width="140" height="110" rx="14" fill="none" stroke="#4b5563" stroke-width="8"/>` +
      `<circle cx="170" cy="145" r="12" fill="#4b5563"/>` +
      `<path d="M138 212l42-42 28 28 20-20 34 34" fill="none" stroke="#4b5563" stroke-width="8" stroke-linejoin="round"/>` +
      `<text x="200" y="290" fill="#374151" font-family="${FONT}" font-size="26" font-weight="600" text-anchor="middle">Image not available</text>`,
  ),
);

// ---------------------------------------------------------------- checks
let failed = false;
for (const rel of written) {
  const bytes = statSync(join(outDir, rel)).size;
  if (bytes > MAX_BYTES) {
    console.error(`too large (${bytes} bytes): public/images/${rel}`);
    failed = true;
  }
}

const seedFile = join(root, "domain", "default-content.ts");
const seed = existsSync(seedFile) ? readFileSync(seedFile, "utf8") : "";
const referenced = [...new Set([...seed.matchAll(/"(\/images\/[^"]+)"/g)].map((m) => m[1]))];
for (const path of referenced) {
  if (!existsSync(join(root, "public", path))) {
    console.error(`missing image referenced by default-content.ts: ${path}`);
    failed = true;
  }
}

console.log(`wrote ${written.length} SVGs to public/images; ${referenced.length} seed image paths checked`);
if (failed) process.exit(1);
