import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { localeOfPath } from "../domain/shared/locale";
import { overwriteGetLocale } from "./paraglide/runtime";

// Paraglide's messages ask getLocale(): in the browser, the language of the page in the address bar (ADR 0091).
overwriteGetLocale(() => localeOfPath(window.location.pathname));

// The server-rendered page is painted first and hydrated in the frame after: on a slow phone the
// shopper sees the shop while React starts, instead of a blank screen until hydration ends.
requestAnimationFrame(() => {
  setTimeout(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  });
});
