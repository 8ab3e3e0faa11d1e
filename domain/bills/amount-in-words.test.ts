import { describe, expect, it } from "vitest";
import { amountInWords } from "./amount-in-words";

describe("a bill's total in words", () => {
  it.each([
    [1130, "One Thousand One Hundred Thirty Rupees Only", "एक हजार एक सय तीस रुपैयाँ मात्र"],
    [
      123456.5,
      "One Lakh Twenty Three Thousand Four Hundred Fifty Six Rupees And Fifty Paisa Only",
      "एक लाख तेइस हजार चार सय छपन्न रुपैयाँ र पचास पैसा मात्र",
    ],
    [
      12345678,
      "One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Rupees Only",
      "एक करोड तेइस लाख पैंतालीस हजार छ सय अठहत्तर रुपैयाँ मात्र",
    ],
    [99, "Ninety Nine Rupees Only", "उनान्सय रुपैयाँ मात्र"],
  ])("NPR %d is written in lakh and crore, in English and Nepali", (amount, english, nepali) => {
    expect(amountInWords(amount, "en")).toBe(english);
    expect(amountInWords(amount, "ne")).toBe(nepali);
  });
});
