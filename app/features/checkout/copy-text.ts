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
