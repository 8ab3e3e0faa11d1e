// After the build: a brotli (.br) and a gzip (.gz) twin of every text asset of the browser build, made
// once at the highest settings, so the server sends them as they are instead of compressing per request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "../build/client");
const TEXT = new Set([".js", ".css", ".svg", ".html", ".json", ".txt", ".xml", ".webmanifest"]);
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.has(path.extname(entry.name))) continue;
  const file = path.join(entry.parentPath, entry.name);
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  files++;
  before += data.length;
  after += br.length;
}
console.log(`compressed ${files} assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB with brotli`);
