import { expect, it } from "vitest";
import { BALANCE_KIND_LABELS, BALANCE_KIND_TEXT, BALANCE_KINDS, readBalanceKind, runningBalancesHold } from "./balances";

it("holds a book whose running balances add up and never go below zero", () => {
  expect(runningBalancesHold([])).toBe(true);
  expect(
    runningBalancesHold([
      { amount: 100, balanceAfter: 100 },
      { amount: -40, balanceAfter: 60 },
    ]),
  ).toBe(true);
  expect(
    runningBalancesHold([
      { amount: 100, balanceAfter: 100 },
      { amount: -40, balanceAfter: 50 },
    ]),
  ).toBe(false);
  expect(runningBalancesHold([{ amount: -10, balanceAfter: -10 }])).toBe(false);
});

it("words every kind for the seller and in both languages for the shopper; an unknown stored kind reads as credit", () => {
  for (const kind of BALANCE_KINDS) {
    expect(BALANCE_KIND_LABELS[kind]).toBeTruthy();
    expect(BALANCE_KIND_TEXT.en[kind]).toBeTruthy();
    expect(BALANCE_KIND_TEXT.ne[kind]).toMatch(/[\u0900-\u097F]/);
  }
  expect(readBalanceKind("spend")).toBe("spend");
  expect(readBalanceKind("bonus")).toBe("credit");
});
