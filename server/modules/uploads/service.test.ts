import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "../../../domain/uploads";
import { carriesHiddenContent } from "./service";

const filled = (unit: string) => Buffer.from(unit.repeat(Math.ceil(MAX_UPLOAD_BYTES / unit.length)).slice(0, MAX_UPLOAD_BYTES), "latin1");

describe("carriesHiddenContent", () => {
  it("finds pages, scripts, documents and archives", () => {
    for (const hidden of ["<SCRIPT>", "<?php", "<!DocType html>", "<svg xmlns", "javascript:alert(1)", "%PDF-1.7", "PK\x03\x04data PK\x05\x06"]) {
      expect(carriesHiddenContent(Buffer.from(`\xff\xd8\xff picture bytes ${hidden} more bytes`, "latin1")), hidden).toBe(true);
    }
  });

  it("lets pictures through that hold only parts of a marker, or an archive's records in the wrong order", () => {
    for (const innocent of ["<scrip t>", "<svgx", "PK\x05\x06 then PK\x03\x04", "PK\x03\x04 alone"]) {
      expect(carriesHiddenContent(Buffer.from(`\x89PNG ${innocent}`, "latin1")), innocent).toBe(false);
    }
  });

  // A pattern from an entry marker to a closing record retried from every marker: 5 MB of markers took hours.
  it.each(["PK\x03\x04", "<scrip", "<SVG", "javascrip", "%PDF", "<<<<", "PK\x03\x04<scrip"])(
    "checks 5 MB made of %j in linear time",
    (unit) => {
      const bytes = filled(unit);
      const started = performance.now();
      expect(carriesHiddenContent(bytes)).toBe(false);
      expect(performance.now() - started).toBeLessThan(250);
    },
  );
});
