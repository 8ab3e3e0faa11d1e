// Compiles messages/*.json into app/paraglide/ (ADR 0091), before the build, the typecheck, knip and the
// unit tests. Paraglide's own Vite plugin fetches the JSON plugin from a CDN when it loads the project,
// which a machine with only the npm registry cannot reach: here the plugin comes from its npm package.
import fs from "node:fs";
import path from "node:path";
import { compileProject } from "@inlang/paraglide-js";
import messageFormatPlugin from "@inlang/plugin-message-format";
import { loadProjectFromDirectory } from "@inlang/sdk";

const outdir = path.resolve("app/paraglide");
const project = await loadProjectFromDirectory({ path: "./project.inlang", fs, providePlugins: [messageFormatPlugin] });
const errors = await project.errors.get();
if (errors.length) {
  for (const error of errors) console.error(error);
  process.exit(1);
}
const output = await compileProject({
  project,
  compilerOptions: {
    // The language comes from the page's path, which the app tells Paraglide (app/lib/i18n.ts): no detection
    // strategy but the base language is compiled in.
    strategy: ["baseLocale"],
    emitTsDeclarations: true,
    emitReadme: false,
  },
});
await project.close();
fs.rmSync(outdir, { recursive: true, force: true });
for (const [file, content] of Object.entries(output)) {
  fs.mkdirSync(path.dirname(path.join(outdir, file)), { recursive: true });
  fs.writeFileSync(path.join(outdir, file), content);
}
console.log(`Messages compiled into ${path.relative(process.cwd(), outdir)}/ (${Object.keys(output).length} files).`);
