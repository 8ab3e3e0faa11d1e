// Chat apps and social sites show no preview for SVG images, so every shipped SVG tile that can be a
// link preview (catalogue, slides, categories) gets a PNG twin at build time. The PNGs are not committed.
import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const folders = ["catalogue", "slides", "categories"].map((name) => path.join("public", "images", name));
let written = 0;
for (const folder of folders) {
  for (const file of await readdir(folder)) {
    if (!file.endsWith(".svg")) continue;
    await sharp(path.join(folder, file), { density: 144 })
      .resize({ width: folder.endsWith("slides") ? 1200 : 600 })
      .png({ compressionLevel: 9, palette: true })
      .toFile(path.join(folder, file.replace(/\.svg$/, ".png")));
    written += 1;
  }
}
console.log(`rasterized ${written} share images`);
