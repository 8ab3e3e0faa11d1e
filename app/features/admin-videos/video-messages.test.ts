import { describe, expect, it } from "vitest";
import { videoErrorText } from "./video-messages";

describe("videoErrorText", () => {
  it("shows the server's message", () => {
    expect(videoErrorText({ message: 'A video named "X" already exists' }, "save")).toBe('A video named "X" already exists');
  });

  it("falls back to the spec's text when the server said nothing or failed", () => {
    expect(videoErrorText({ message: "Something went wrong on our side. Please try again.", unreached: "server" }, "list")).toBe(
      "Failed to fetch videos",
    );
    expect(videoErrorText({ message: "" }, "remove")).toBe("Failed to delete video");
  });

  it("says the server was not reached on a network failure", () => {
    const unreached = { message: "Cannot reach the server.", unreached: "network" } as const;
    expect(videoErrorText(unreached, "save")).toBe("An error occurred while adding/updating the video");
    expect(videoErrorText(unreached, "list")).toBe("An error occurred while fetching videos");
    expect(videoErrorText(unreached, "remove")).toBe("An error occurred while deleting the video");
  });
});
