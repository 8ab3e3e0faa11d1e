import { AsyncLocalStorage } from "node:async_hooks";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { withoutLinkKeys } from "../domain/customer-links/customer-page";
import { localeOfPath, type Locale } from "../domain/shared/locale";
import { NonceContext } from "./lib/nonce";
import { baseLocale, overwriteGetLocale } from "./paraglide/runtime";

// Paraglide's messages ask getLocale(): on the server, the language of the page this render is for (ADR 0091).
// Several requests render at once, so the answer lives in the request's async context, not a global.
const renderLocale = new AsyncLocalStorage<Locale>();
overwriteGetLocale(() => renderLocale.getStore() ?? baseLocale);

export const streamTimeout = 5_000;

/**
 * A service's refusal of a request (an error with a 4xx `statusCode`, such as a stale `before` page of
 * orders) is the visitor's mistake, not a fault: one line in the log, not a stack. Anything else is logged
 * whole, as React Router does by default; an aborted request (the visitor went away) or a form sent to a page
 * without an action not at all.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A form sent to a page that takes none: answered 405 (with Allow), which the request's own log line shows.
  if (isRouteErrorResponse(error) && error.status === 405) return;
  const { log } = context as AppLoadContext;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    // A customer link's key is in its path (ADR 0104): never written to the log.
    log.warn(`${status} for ${request.method} ${withoutLinkKeys(new URL(request.url).pathname)}: ${(error as Error).message}`);
  } else {
    log.error({ err: error }, "render failed");
  }
};

/** React Router's default Node entry, plus the CSP nonce (from the load context) on every inline script. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return renderLocale.run(localeOfPath(new URL(request.url).pathname), () =>
    render(request, responseStatusCode, responseHeaders, routerContext, loadContext, nonce),
  );
}

function render(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
  nonce: string,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers (and chat apps fetching link previews) get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject above and are logged by React Router; these come later.
          if (shellRendered) loadContext.log.error({ err: error }, "render failed after the page started");
        },
      },
    );
  });
}
