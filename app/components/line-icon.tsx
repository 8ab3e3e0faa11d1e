import type { ReactNode, SVGProps } from "react";

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
