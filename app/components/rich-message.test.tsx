import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { English, richMessage } from "./rich-message";
import { m } from "../paraglide/messages";
import { overwriteGetLocale } from "../paraglide/runtime";

it("puts elements in a message's placeholders, in the message's order, whatever the order given", () => {
  const message = (inputs: { first: string; second: string }) => `कोड ${inputs.second} र ${inputs.first}।`;
  const rendered = renderToStaticMarkup(<p>{richMessage(message, { first: <English>Verify</English>, second: <b>4821</b> })}</p>);
  expect(rendered).toBe('<p>कोड <b>4821</b> र <span lang="en">Verify</span>।</p>');
});

it("renders a Paraglide message in the page's language with the English label marked", () => {
  overwriteGetLocale(() => "ne");
  try {
    const rendered = renderToStaticMarkup(<p>{richMessage(m.help_s4_title, { verify: <English>Verify</English> })}</p>);
    expect(rendered).toBe('<p>कोड लेखेर “<span lang="en">Verify</span>” थिच्नुहोस्</p>');
  } finally {
    overwriteGetLocale(() => "en");
  }
});
