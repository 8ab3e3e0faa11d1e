/**
 * Copies text for the shopper to paste into the chat, and says whether it worked.
 *
 * The copy command runs first because it is synchronous: it finishes inside the click, before the
 * chat tab opens and takes focus away (the Clipboard API checks focus a moment later and can then
 * refuse). The Clipboard API is the fallback where the command is unsupported or refused.
 * `container` must be inside the open modal dialog when there is one: the rest of the page is inert.
 */
export function copyText(text: string, container: HTMLElement = document.body): Promise<boolean> {
  if (copyWithTextarea(text, container)) return Promise.resolve(true);
  if (!navigator.clipboard?.writeText) return Promise.resolve(false);
  return navigator.clipboard.writeText(text).then(
    () => true,
    () => false,
  );
}

/**
 * Copies text that is only known after the click: the order message, once the server has added its
 * reference. Resolves with the text that reached the clipboard, or null when none did.
 *
 * Browsers only allow a copy while the page has focus, and the chat tab opened by the same click takes
 * it away long before the server answers. A ClipboardItem whose value is a promise passes that check
 * when it is handed over, here inside the click, and is written when the text arrives (Chromium, Safari,
 * Firefox 127+). Without ClipboardItem nothing can be written later, so `textNow` (the message as the
 * browser can build it, without a reference) is copied now: a message without its reference is still
 * an order the seller can read, while a copy attempted after the answer would copy nothing at all. Without
 * `textNow`, such a browser copies nothing.
 */
export function copyTextWhenReady(text: Promise<string>, textNow?: string, container?: HTMLElement): Promise<string | null> {
  if (typeof ClipboardItem === "function" && navigator.clipboard?.write) {
    try {
      const item = new ClipboardItem({ "text/plain": text.then((value) => new Blob([value], { type: "text/plain" })) });
      return navigator.clipboard.write([item]).then(
        () => text,
        () => null,
      );
    } catch {
      // A ClipboardItem that does not take a promise: copy what is known now, below.
    }
  }
  if (textNow === undefined) return Promise.resolve(null);
  return copyText(textNow, container).then((copied) => (copied ? textNow : null));
}

function copyWithTextarea(text: string, container: HTMLElement): boolean {
  const textarea = document.createElement("textarea");
  textarea.value = text;
  // readonly keeps the phone keyboard from popping up.
  textarea.setAttribute("readonly", "");
  textarea.setAttribute("aria-hidden", "true");
  textarea.tabIndex = -1;
  Object.assign(textarea.style, { position: "fixed", top: "0", left: "0", opacity: "0", pointerEvents: "none" });
  const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  container.append(textarea);
  try {
    textarea.select();
    textarea.setSelectionRange(0, text.length);
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    textarea.remove();
    previouslyFocused?.focus({ preventScroll: true });
  }
}
