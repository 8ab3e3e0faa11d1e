import { describe, expect, it } from "vitest";
import { videoErrorText } from "./video-messages";

describe("videoErrorText", () => {
  it("shows the server's message", () => {
    expect(videoErrorText({ status: 409, message: 'A video named "X" already exists' }, "save")).toBe('A video named "X" already exists');
  });

  it("falls back to the spec's text when the server said nothing", () => {
    expect(videoErrorText({ status: 500, message: "The server answered 500. Please try again." }, "list")).toBe("Failed to fetch videos");
    expect(videoErrorText({ status: 404, message: "" }, "remove")).toBe("Failed to delete video");
  });

  it("says the server was not reached on a network failure", () => {
    expect(videoErrorText({ status: 0, message: "Cannot reach the server." }, "save")).toBe("An error occurred while adding/updating the video");
    expect(videoErrorText({ status: 0, message: "Cannot reach the server." }, "list")).toBe("An error occurred while fetching videos");
    expect(videoErrorText({ status: 0, message: "Cannot reach the server." }, "remove")).toBe("An error occurred while deleting the video");
  });
});
