/** Spec: the choice is stored under 'isDarkMode' as 'true' or 'false'; missing means dark. */
export const THEME_STORAGE_KEY = "isDarkMode";

/**
 * Runs in <head> before the first paint, so a shopper who chose light never sees a dark flash.
 * The server always renders the dark default.
 */
export const themeBootScript = `try{if(localStorage.getItem("${THEME_STORAGE_KEY}")==="false")document.documentElement.classList.remove("dark")}catch(e){}`;

export function isDarkNow(): boolean {
  return document.documentElement.classList.contains("dark");
}

export function setDark(dark: boolean): void {
  document.documentElement.classList.toggle("dark", dark);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, String(dark));
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
}
