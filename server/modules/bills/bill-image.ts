import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import QRCode from "qrcode";
import type { BillDocument, Labelled } from "../../../domain/bills/bill-document";

/*
 * A bill as a PNG for a phone chat (issue 47, ADR 0131). Text is shaped by HarfBuzz (harfbuzzjs, its own WebAssembly
 * build) with Noto Sans Devanagari from npm, so conjuncts and vowel signs come out as a Nepali reader writes them
 * whatever fonts the host has; each glyph becomes an SVG path, and sharp (librsvg) draws the SVG. No text reaches
 * librsvg: its own text layout would need the font installed on the host.
 */

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: require.resolve("@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf"),
  bold: require.resolve("@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf"),
};

type Weight = keyof typeof FONT_FILES;
type HarfBuzz = typeof import("harfbuzzjs");
type Shaper = { hb: HarfBuzz; fonts: Record<Weight, { font: InstanceType<HarfBuzz["Font"]>; upem: number }> };

let shaper: Promise<Shaper> | undefined;
/** HarfBuzz and the two fonts, loaded on the first bill drawn (its WebAssembly compiles once per process). */
const loadShaper = () =>
  (shaper ??= (async () => {
    const hb = await import("harfbuzzjs");
    const load = async (file: string) => {
      const face = new hb.Face(new hb.Blob(await readFile(file)));
      return { font: new hb.Font(face), upem: face.upem };
    };
    return { hb, fonts: { regular: await load(FONT_FILES.regular), bold: await load(FONT_FILES.bold) } };
  })());

let loadedSharp: Promise<typeof import("sharp")> | undefined;
const loadSharp = () => (loadedSharp ??= import("sharp").then((module) => module.default));

/** One run of text shaped: the glyphs HarfBuzz chose, with their advances, in the font's units. */
export type ShapedRun = { glyphs: Array<{ id: number; x: number; dx: number; dy: number }>; advance: number; upem: number };

/** Shapes one run of text (Devanagari, Latin or both) with the bill's font, as the picture draws it. */
export async function shapeRun(text: string, weight: Weight = "regular"): Promise<ShapedRun> {
  const { hb, fonts } = await loadShaper();
  const { font, upem } = fonts[weight];
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const positions = buffer.getGlyphPositions();
  let pen = 0;
  const glyphs = buffer.getGlyphInfos().map((info, index) => {
    const position = positions[index]!;
    const glyph = { id: info.codepoint, x: pen, dx: position.xOffset, dy: position.yOffset };
    pen += position.xAdvance;
    return glyph;
  });
  return { glyphs, advance: pen, upem };
}

const WIDTH = 720;
const MARGIN = 32;
const INK = "#111827";
const MUTED = "#4b5563";
const RULE = "#d1d5db";

type Piece = { text: string; size: number; weight: Weight; colour: string };

/** A canvas that lays the bill out top to bottom, text as glyph paths. */
async function canvas() {
  const { fonts } = await loadShaper();
  const parts: string[] = [];
  let y = MARGIN;

  // Wrapping measures the same words again and again: each run is shaped once a picture.
  const shaped = new Map<string, Promise<ShapedRun>>();
  const shape = (text: string, weight: Weight) => {
    const key = `${weight}:${text}`;
    let run = shaped.get(key);
    if (!run) shaped.set(key, (run = shapeRun(text, weight)));
    return run;
  };

  const width = async (piece: Pick<Piece, "text" | "size" | "weight">) => {
    const run = await shape(piece.text, piece.weight);
    return (run.advance * piece.size) / run.upem;
  };

  async function draw(piece: Piece, x: number, baseline: number): Promise<number> {
    const run = await shape(piece.text, piece.weight);
    const scale = piece.size / run.upem;
    const font = fonts[piece.weight].font;
    const paths = run.glyphs
      .map((glyph) => {
        const d = font.glyphToPath(glyph.id);
        if (!d) return "";
        const gx = x + (glyph.x + glyph.dx) * scale;
        const gy = baseline - glyph.dy * scale;
        return `<path transform="translate(${gx.toFixed(2)} ${gy.toFixed(2)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${d}"/>`;
      })
      .join("");
    parts.push(`<g fill="${piece.colour}">${paths}</g>`);
    return run.advance * scale;
  }

  /** Cuts a word wider than a line (an address, a code) into pieces that fit, between characters. */
  async function cut(word: string, piece: Omit<Piece, "colour">, max: number): Promise<string[]> {
    if ((await width({ ...piece, text: word })) <= max) return [word];
    const pieces: string[] = [];
    let current = "";
    for (const character of word) {
      if (current && (await width({ ...piece, text: current + character })) > max) {
        pieces.push(current);
        current = "";
      }
      current += character;
    }
    return [...pieces, current];
  }

  /** Breaks text into lines no wider than `max`, at spaces. */
  async function wrap(piece: Omit<Piece, "colour">, max: number): Promise<string[]> {
    const lines: string[] = [];
    let line = "";
    const words = (
      await Promise.all(
        piece.text
          .split(/\s+/)
          .filter(Boolean)
          .map((word) => cut(word, piece, max)),
      )
    ).flat();
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && (await width({ ...piece, text: candidate })) > max) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
    return lines.length ? lines : [""];
  }

  const lineHeight = (size: number) => Math.round(size * 1.55);

  return {
    width,
    /** A paragraph from `x`, at most `max` wide, aligned left, centred or right; moves down past it. */
    async paragraph(piece: Piece, { x = MARGIN, max = WIDTH - 2 * MARGIN, align = "left" as "left" | "centre" | "right" } = {}) {
      for (const text of await wrap(piece, max)) {
        y += lineHeight(piece.size);
        const w = await width({ ...piece, text });
        const left = align === "centre" ? x + (max - w) / 2 : align === "right" ? x + max - w : x;
        await draw({ ...piece, text }, left, y - piece.size * 0.45);
      }
    },
    /** A label on the left and its value on the right, the value wrapping when long. */
    async pair({ label, value }: Labelled, size: number, weight: Weight = "regular") {
      const labelWidth = label ? await width({ text: label, size, weight }) : 0;
      const max = WIDTH - 2 * MARGIN - labelWidth - 16;
      const lines = await wrap({ text: value, size, weight }, max);
      const top = y;
      if (label) await draw({ text: label, size, weight, colour: MUTED }, MARGIN, top + lineHeight(size) - size * 0.45);
      for (const text of lines) {
        y += lineHeight(size);
        const w = await width({ text, size, weight });
        await draw({ text, size, weight, colour: INK }, WIDTH - MARGIN - w, y - size * 0.45);
      }
    },
    /** Cells on one baseline: each from its left edge, right-aligned to its right edge when `right`; rows wrap the widest cell. */
    async row(cells: Array<{ text: string; left: number; right: number; alignRight?: boolean }>, size: number, weight: Weight, colour: string) {
      const wrapped = await Promise.all(cells.map((cell) => wrap({ text: cell.text, size, weight }, cell.right - cell.left)));
      const top = y;
      for (const [index, lines] of wrapped.entries()) {
        const cell = cells[index]!;
        let baseline = top;
        for (const text of lines) {
          baseline += lineHeight(size);
          const w = await width({ text, size, weight });
          await draw({ text, size, weight, colour }, cell.alignRight ? cell.right - w : cell.left, baseline - size * 0.45);
        }
      }
      y = top + Math.max(...wrapped.map((lines) => lines.length)) * lineHeight(size);
    },
    rule(gap = 10) {
      y += gap;
      parts.push(`<rect x="${MARGIN}" y="${y}" width="${WIDTH - 2 * MARGIN}" height="1" fill="${RULE}"/>`);
      y += gap;
    },
    space(height: number) {
      y += height;
    },
    /** A QR code of `text`, `size` wide, at the left margin; returns where its top is. */
    qr(text: string, size: number): number {
      const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
      const count = modules.size;
      const cell = size / (count + 8);
      const top = y;
      let d = "";
      for (let row = 0; row < count; row++)
        for (let column = 0; column < count; column++) if (modules.get(row, column)) d += `M${column + 4} ${row + 4}h1v1h-1z`;
      parts.push(
        `<g transform="translate(${MARGIN} ${top}) scale(${cell})"><rect width="${count + 8}" height="${count + 8}" fill="#fff"/><path d="${d}" fill="#000"/></g>`,
      );
      return top;
    },
    at: () => y,
    moveTo(next: number) {
      y = next;
    },
    svg: () =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${y + MARGIN}" viewBox="0 0 ${WIDTH} ${y + MARGIN}">` +
      `<rect width="100%" height="100%" fill="#fff"/>${parts.join("")}</svg>`,
  };
}

/**
 * The bill's picture: everything its page shows, in its language, with a QR code of `verifyUrl`. 720 units wide,
 * drawn at 1.5 times (1080 pixels), the width a chat app keeps.
 */
export async function billImage(bill: BillDocument, verifyUrl: string): Promise<Buffer> {
  const page = await canvas();
  await page.paragraph({ text: bill.title, size: 30, weight: "bold", colour: INK }, { align: "centre" });
  if ("missing" in bill.seller) await page.paragraph({ text: bill.seller.missing, size: 16, weight: "regular", colour: MUTED }, { align: "centre" });
  else {
    await page.paragraph({ text: bill.seller.name, size: 22, weight: "bold", colour: INK }, { align: "centre" });
    for (const { label, value } of bill.seller.details)
      await page.paragraph({ text: label ? `${label}: ${value}` : value, size: 15, weight: "regular", colour: MUTED }, { align: "centre" });
  }
  page.rule(14);
  await page.pair(bill.number, 18, "bold");
  for (const fact of bill.facts) await page.pair(fact, 16);
  if (bill.buyer.details.length) {
    page.space(8);
    await page.paragraph({ text: bill.buyer.heading, size: 16, weight: "bold", colour: INK });
    for (const detail of bill.buyer.details) await page.pair(detail, 16);
  }
  page.rule(14);

  const right = WIDTH - MARGIN;
  const columns = (cells: Record<keyof BillDocument["columns"], string>) => [
    { text: cells.serial, left: MARGIN, right: MARGIN + 36 },
    { text: cells.item, left: MARGIN + 44, right: right - 330 },
    { text: cells.plan, left: right - 320, right: right - 230 },
    { text: cells.quantity, left: right - 225, right: right - 160, alignRight: true },
    { text: cells.rate, left: right - 155, right: right - 85, alignRight: true },
    { text: cells.amount, left: right - 80, right, alignRight: true },
  ];
  await page.row(columns(bill.columns), 14, "bold", MUTED);
  page.rule(6);
  for (const row of bill.rows) await page.row(columns(row), 15, "regular", INK);
  page.rule(10);
  for (const total of bill.totals) await page.pair(total, total.strong ? 19 : 16, total.strong ? "bold" : "regular");
  await page.pair(bill.inWords, 15);
  page.rule(12);
  for (const line of [...bill.payment, ...bill.creditNotes]) await page.pair(line, 15);
  page.rule(12);

  const qrSize = 150;
  const top = page.qr(verifyUrl, qrSize);
  const textLeft = MARGIN + qrSize + 16;
  const textWidth = WIDTH - MARGIN - textLeft;
  page.moveTo(top);
  await page.paragraph({ text: bill.verify.heading, size: 17, weight: "bold", colour: INK }, { x: textLeft, max: textWidth });
  await page.paragraph({ text: verifyUrl, size: 13, weight: "regular", colour: MUTED }, { x: textLeft, max: textWidth });
  await page.paragraph(
    { text: `${bill.verify.code.label}: ${bill.verify.code.value}`, size: 15, weight: "regular", colour: INK },
    { x: textLeft, max: textWidth },
  );
  page.moveTo(Math.max(page.at(), top + qrSize));

  const sharp = await loadSharp();
  return sharp(Buffer.from(page.svg()), { density: 108 }).png({ palette: true, effort: 1, compressionLevel: 6 }).toBuffer();
}
