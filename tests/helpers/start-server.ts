// The server's real start, with a web part that renders no pages (so no production build is needed):
// for tests of what the start itself does. Run with `node --import tsx`.
import { start } from "../../server/start";

await start({
  web: async () => ({
    web: { mode: "development", serverBuild: () => Promise.reject(new Error("this test server renders no pages")) },
  }),
});
