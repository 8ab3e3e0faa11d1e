import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

test("Settings → Notifications: a bot token, a chat connected by its code from Telegram, its quiet hours, then gone again", async ({
  page,
  signedIn,
  shop,
  admin,
}) => {
  const token = shop.telegram.createBot("pasal_journey_bot", "Pasal journey");
  const seller = { id: 8800001, first_name: "Sita", username: "sita_e2e" };
  await signedIn(page, "/admin/settings");
  const section = page.getByRole("region", { name: "Notifications" });
  await expect(section.getByText("No bot yet")).toBeVisible();

  try {
    // A token Telegram does not know is named at its field.
    await section.getByLabel("Bot token").fill(`12345678:${"A".repeat(35)}`);
    await section.getByRole("button", { name: "Save token" }).click();
    await expect(section.getByText("Telegram does not know this token")).toBeVisible();
    await expect(section.getByLabel("Bot token")).toBeFocused();

    await section.getByLabel("Bot token").fill(token);
    await section.getByRole("button", { name: "Save token" }).click();
    await expect(toast(page, "Bot saved")).toBeVisible();
    await expect(section.getByText("@pasal_journey_bot")).toBeVisible();
    await expect(section.getByText("No chat is connected yet")).toBeVisible();

    // Connect: the screen shows a code, the seller sends it from Telegram, the screen sees the chat come in.
    await section.getByRole("button", { name: "Connect a chat" }).click();
    const code = (await section.locator("[data-code]").textContent())!.trim();
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await expect(section.getByRole("link", { name: /@pasal_journey_bot/ })).toHaveAttribute("href", `https://t.me/pasal_journey_bot?start=${code}`);
    shop.telegram.say(token, seller, `/start ${code}`);
    await expect(toast(page, "Chat connected")).toBeVisible({ timeout: 15_000 });
    await expect(section.locator("[data-code]")).toHaveCount(0);
    await expect.poll(() => shop.telegram.messages(token, seller.id).at(-1)?.text ?? "").toMatch(/^Connected\./);

    // Quiet hours, Nepali messages; a half-given quiet time is named at its field.
    const chat = section.getByRole("listitem").filter({ hasText: "@sita_e2e" });
    await chat.getByLabel("Quiet from").fill("22:00");
    await chat.getByRole("button", { name: "Save chat settings" }).click();
    await expect(chat.getByText("Give both ends of the quiet hours, or neither")).toBeVisible();
    await chat.getByLabel("Quiet until").fill("07:00");
    await chat.getByLabel("Messages in").selectOption("ne");
    await chat.getByRole("button", { name: "Save chat settings" }).click();
    await expect(toast(page, "Chat settings saved")).toBeVisible();
    await page.reload();
    await expect(chat.getByLabel("Quiet until")).toHaveValue("07:00");
    await expect(chat.getByLabel("Messages in")).toHaveValue("ne");

    await chat.getByRole("button", { name: "Disconnect @sita_e2e" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
    await expect(toast(page, "Chat disconnected")).toBeVisible();
    await expect(section.getByText("No chat is connected yet")).toBeVisible();
  } finally {
    // The worker's shop is shared by its other tests: no bot is left behind.
    expect((await admin.delete("/api/admin/telegram")).status()).toBe(200);
  }
});
