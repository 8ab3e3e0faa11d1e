import { Fragment, type ReactElement, type ReactNode, type SVGProps } from "react";

/**
 * A plain line icon drawn for the shop, on a 24 by 24 grid in the text's colour: generic shapes, no brand
 * logos (ADR 0004). Hidden from screen readers: the words beside it say what it means.
 */
export function LineIcon({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/**
 * An icon component drawn as a LineIcon from its shapes, in order: a string is a path's data (`d`), an
 * element (a circle, a rect) is drawn as it is. The page gives its size and class: `<MailIcon className="h-5 w-5" />`.
 */
export function lineIcon(...shapes: Array<string | ReactElement>) {
  return function Icon(props: SVGProps<SVGSVGElement>) {
    return (
      <LineIcon {...props}>
        {shapes.map((shape, index) => (typeof shape === "string" ? <path key={index} d={shape} /> : <Fragment key={index}>{shape}</Fragment>))}
      </LineIcon>
    );
  };
}
