import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HUGE_BYTES } from "../../../tests/fakes/flood";
import { startFakeTelegram, type FakeTelegram } from "../../../tests/fakes/telegram";
import { botApi } from "./bot-api";

let telegram: FakeTelegram;
beforeAll(async () => {
  telegram = await startFakeTelegram();
});
afterAll(async () => {
  await telegram.close();
});

describe("the Bot API's answers", () => {
  it("are read as they come: a huge one fails past the cap, the connection closed", async () => {
    const token = telegram.createBot("pasal_huge_bot");
    telegram.control({ flood: "huge" });
    try {
      await expect(botApi(token, telegram.url, 5).getMe()).rejects.toMatchObject({ error: { message: "sent more than 512 KB" } });
    } finally {
      telegram.control({ flood: null });
    }
    const record = telegram.floods.at(-1)!;
    await expect.poll(() => record.hungUp).toBe(true);
    expect(record.sent).toBeLessThan(HUGE_BYTES / 5);
  });

  it("end at the call's time limit when they never end, the body's reading included", async () => {
    const token = telegram.createBot("pasal_endless_bot");
    telegram.control({ flood: "endless" });
    const began = Date.now();
    try {
      await expect(botApi(token, telegram.url, 1).getMe()).rejects.toMatchObject({ error: { message: expect.stringMatching(/timed out/) } });
    } finally {
      telegram.control({ flood: null });
    }
    expect(Date.now() - began).toBeLessThan(3000);
    await expect.poll(() => telegram.floods.at(-1)!.hungUp).toBe(true);
  });

  it("as they should be, are answered as before", async () => {
    const token = telegram.createBot("pasal_plain_bot");
    expect(await botApi(token, telegram.url, 5).getMe()).toMatchObject({ username: "pasal_plain_bot", is_bot: true });
  });
});
