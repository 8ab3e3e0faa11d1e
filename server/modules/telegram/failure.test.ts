import { GrammyError, HttpError } from "grammy";
import { describe, expect, it } from "vitest";
import { describeFailure } from "./shared";

const TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawq";

describe("a failure talking to Telegram, as logged and kept with the notice", () => {
  it("names the cause without the bot's token, which node-fetch puts in its messages", () => {
    const cause = new Error(`request to http://127.0.0.1:9/bot${TOKEN}/sendMessage failed, reason: connect ECONNREFUSED 127.0.0.1:9`);
    const text = describeFailure(new HttpError("Network request for 'sendMessage' failed!", cause));
    expect(text).toContain("ECONNREFUSED");
    expect(text).not.toContain(TOKEN.split(":")[1]);
  });

  it("gives Telegram's own code and words for a refusal", () => {
    const refusal = new GrammyError(
      "Call to 'sendMessage' failed!",
      { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" },
      "sendMessage",
      {},
    );
    expect(describeFailure(refusal)).toBe("403 Forbidden: bot was blocked by the user");
  });
});
