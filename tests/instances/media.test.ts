import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClusterDatabase, signIn, startInstance, type Instance } from "./cluster";

/** An image from before the database kept uploads: a file in A's folder only. */
const LEGACY = "fedcba9876543210fedcba9876543210-480.webp";

describe("two instances with separate media folders on one PostgreSQL database", () => {
  let database: Awaited<ReturnType<typeof createClusterDatabase>>;
  const folders = { a: "", b: "" };
  const instances: Instance[] = [];
  let legacyBytes: Buffer;

  beforeAll(async () => {
    database = await createClusterDatabase();
    folders.a = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-media-a-"));
    folders.b = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-media-b-"));
    legacyBytes = await sharp({ create: { width: 480, height: 240, channels: 3, background: "#204080" } })
      .webp()
      .toBuffer();
    fs.writeFileSync(path.join(folders.a, LEGACY), legacyBytes);
    // One after the other until simultaneous starts are safe.
    for (const mediaDir of [folders.a, folders.b]) {
      const instance = await startInstance({ databaseUrl: database.url, mediaDir });
      instances.push(instance);
      await instance.ready();
    }
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop("SIGKILL")));
    await database?.drop();
    for (const folder of Object.values(folders)) if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("serves through B, with the same bytes, an image uploaded through A", async () => {
    const [a, b] = instances;
    const picture = await sharp({ create: { width: 1000, height: 500, channels: 3, background: "#c01e3c" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(picture)], { type: "image/jpeg" }), "banner.jpg");
    const uploaded = await fetch(`${a!.url}/api/admin/uploads`, { method: "POST", headers: await signIn(a!), body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { variants } = (await uploaded.json()) as { variants: Array<{ url: string; width: number }> };
    expect(variants.map((variant) => variant.width)).toEqual([480, 960, 1000]);

    for (const { url } of variants) {
      const [fromA, fromB] = await Promise.all([fetch(`${a!.url}${url}`), fetch(`${b!.url}${url}`)]);
      expect(fromB.status, url).toBe(200);
      expect(fromB.headers.get("content-type")).toBe("image/webp");
      expect(fromB.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(fromB.headers.get("etag")).toBe(fromA.headers.get("etag"));
      expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
      expect(fs.existsSync(path.join(folders.b, path.basename(url)))).toBe(true);
    }
  });

  it("serves through B an image A had on its disk from before, and 404 for a name nobody uploaded", async () => {
    const b = instances[1]!;
    const legacy = await fetch(`${b.url}/media/${LEGACY}`);
    expect(legacy.status).toBe(200);
    expect(Buffer.from(await legacy.arrayBuffer())).toEqual(legacyBytes);
    expect((await fetch(`${b.url}/media/0123456789abcdef0123456789abcdef-480.webp`)).status).toBe(404);
  });
});
