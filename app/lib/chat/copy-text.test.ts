import { afterEach, describe, expect, it, vi } from "vitest";
import { copyTextWhenReady } from "./copy-text";

afterEach(() => vi.unstubAllGlobals());

/** A clipboard that reads each item's text/plain value the way the browser does, once it is ready. */
function stubClipboard({ refuse = false } = {}) {
  const written: string[] = [];
  class FakeClipboardItem {
    constructor(readonly items: Record<string, Promise<Blob>>) {}
  }
  const write = vi.fn(async (items: FakeClipboardItem[]) => {
    const blob = await items[0]!.items["text/plain"]!;
    if (refuse) throw new DOMException("Document is not focused.", "NotAllowedError");
    written.push(await blob.text());
  });
  vi.stubGlobal("ClipboardItem", FakeClipboardItem);
  vi.stubGlobal("navigator", { clipboard: { write } });
  return { written, write };
}

/** A page without ClipboardItem, where only the copy command works. */
function stubCopyCommand() {
  const copied: string[] = [];
  const textarea = { value: "", style: {}, setAttribute() {}, select() {}, setSelectionRange() {}, remove() {} };
  vi.stubGlobal("HTMLElement", class {});
  vi.stubGlobal("navigator", {});
  vi.stubGlobal("document", {
    activeElement: null,
    body: { append() {} },
    createElement: () => textarea,
    execCommand: () => (copied.push(textarea.value), true),
  });
  return copied;
}

describe("copyTextWhenReady", () => {
  it("hands the clipboard its item during the call, and the text once it arrives", async () => {
    const { written, write } = stubClipboard();
    let arrive: (text: string) => void = () => {};
    const copying = copyTextWhenReady(new Promise((resolve) => (arrive = resolve)), "without reference");

    expect(write).toHaveBeenCalledTimes(1);
    arrive("with reference");
    expect(await copying).toBe("with reference");
    expect(written).toEqual(["with reference"]);
  });

  it("copies nothing when the text never comes", async () => {
    const { written } = stubClipboard();
    expect(await copyTextWhenReady(Promise.reject(new Error("order refused")), "now")).toBeNull();
    expect(written).toEqual([]);
  });

  it("says so when the browser refuses the copy", async () => {
    stubClipboard({ refuse: true });
    expect(await copyTextWhenReady(Promise.resolve("later"), "now")).toBeNull();
  });

  it("without ClipboardItem copies the text known now, at once", async () => {
    const copied = stubCopyCommand();
    const copying = copyTextWhenReady(new Promise(() => {}), "known at the click");
    expect(copied).toEqual(["known at the click"]);
    expect(await copying).toBe("known at the click");
  });
});
