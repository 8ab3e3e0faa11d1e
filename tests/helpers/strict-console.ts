import { afterEach, vi } from "vitest";

// An unexpected console.error or console.warn is a bug somewhere (the server logs through pino): fail the test that caused it.
const spies = (["error", "warn"] as const).map((method) => ({ method, spy: vi.spyOn(console, method) }));
afterEach(() => {
  const calls = spies.flatMap(({ method, spy }) => {
    const made = spy.mock.calls.map((call) => `console.${method}: ${call.join(" ")}`);
    spy.mockClear();
    return made;
  });
  if (calls.length > 0) throw new Error(`unexpected console output:\n${calls.join("\n")}`);
});
