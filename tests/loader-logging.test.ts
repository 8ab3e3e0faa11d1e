import { expect, it } from "vitest";
import { createTestApp } from "./helpers/app";
import { tinyWeb } from "./helpers/web";

// The logger is pino's, whose children know what they are bound to.
type LoaderArgs = { context: { log: { bindings(): Record<string, unknown> } } };

it("hands loaders the request's own logger, tagged with its request id", async () => {
  const web = await tinyWeb();
  // The pages' loaders answer with the request id their logger is bound to.
  const routes = (web.serverBuild as unknown as { routes: Record<string, { module: { loader: (args: LoaderArgs) => unknown } }> }).routes;
  for (const page of ["home", "prices"]) routes[page]!.module.loader = ({ context }) => ({ reqId: context.log.bindings().reqId });
  // A real pino logger (at a level that prints nothing here): "silent" would hand out one without bindings.
  const { app } = await createTestApp({ web, env: { LOG_LEVEL: "fatal" } });

  const first = await app.inject({ method: "GET", url: "/" });
  const second = await app.inject({ method: "GET", url: "/prices" });
  for (const page of [first, second]) {
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain(`"reqId":"${page.headers["x-request-id"]}"`);
  }
  expect(first.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);
});
