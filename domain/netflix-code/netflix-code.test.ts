import { describe, expect, it } from "vitest";
import { buildNetflixCodeMessage } from "./netflix-code";
import { netflixCodeRequestSchema } from "./code-request";

describe("netflixCodeRequestSchema", () => {
  it("accepts an email and a code kind, with an optional note", () => {
    expect(netflixCodeRequestSchema.parse({ email: "  me@example.com ", kind: "household" })).toEqual({
      email: "me@example.com",
      kind: "household",
      note: "",
    });
    expect(netflixCodeRequestSchema.parse({ email: "me@example.com", kind: "signin", note: " TV in Pokhara " }).note).toBe("TV in Pokhara");
  });

  it("explains what is wrong", () => {
    const errors = (input: unknown) => netflixCodeRequestSchema.safeParse(input).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(errors({ email: "", kind: "household" })).toEqual(["email: Enter the email of your Netflix account"]);
    expect(errors({ email: "not-an-email", kind: "household" })).toEqual(["email: Enter a valid email address, like name@example.com"]);
    expect(errors({ email: "me@example.com" })).toEqual(["kind: Choose which code you need"]);
    expect(errors({ email: "me@example.com", kind: "other" })).toEqual(["kind: Choose which code you need"]);
    expect(errors({ email: "me@example.com", kind: "signin", note: "x".repeat(301) })).toEqual(["note: Keep the note under 300 characters"]);
  });
});

describe("buildNetflixCodeMessage", () => {
  it("names the code and the account", () => {
    expect(buildNetflixCodeMessage({ email: "me@example.com", kind: "household", note: "" })).toBe(
      "Hello! Please send me a Netflix Household (travel/temporary access) code.\nAccount email: me@example.com",
    );
  });

  it("adds the note on one line", () => {
    expect(buildNetflixCodeMessage({ email: "me@example.com", kind: "signin", note: "New phone\nthanks & bye" })).toBe(
      "Hello! Please send me a Netflix Sign-in code.\nAccount email: me@example.com\nNote: New phone thanks & bye",
    );
  });
});
