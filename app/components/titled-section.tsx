import type { ReactNode } from "react";

/** A section named by its own heading (`aria-labelledby`), so screen readers list it as a region by that name. */
export function TitledSection({
  id,
  title,
  className,
  titleClassName = "text-lg font-semibold",
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
