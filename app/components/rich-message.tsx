import { Fragment, type ReactNode } from "react";

// Private-use characters around a part's number: never in a message's own text.
const OPEN = "\uE000";
const CLOSE = "\uE001";
const MARKER = new RegExp(`${OPEN}(\\d+)${CLOSE}`);

/**
 * A message with elements in its placeholders, such as a quoted English label in a Nepali sentence
 * (`<span lang="en">Verify</span>`): Paraglide's messages are plain text, so the message is asked with a
 * marker in each placeholder and the text is cut at the markers.
 */
export function richMessage<Part extends string>(message: (inputs: Record<Part, string>) => string, parts: Record<Part, ReactNode>): ReactNode {
  const names = Object.keys(parts) as Part[];
  const markers = Object.fromEntries(names.map((name, index) => [name, `${OPEN}${index}${CLOSE}`])) as Record<Part, string>;
  return message(markers)
    .split(MARKER)
    .map((piece, index) => (index % 2 === 0 ? piece : <Fragment key={index}>{parts[names[Number(piece)]!]}</Fragment>));
}

/** A label as an English app shows it, quoted in a sentence of the page's language: read as English. */
export function English({ children }: { children: string }) {
  return <span lang="en">{children}</span>;
}
