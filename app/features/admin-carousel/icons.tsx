const base = { "aria-hidden": true, viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", strokeWidth: 2, className: "h-5 w-5" } as const;

/** An icon of the carousel manager's buttons, drawn from its paths' data. */
function buttonIcon(...paths: string[]) {
  return function Icon() {
    return (
      <svg {...base}>
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const EditIcon = buttonIcon("M12 20h9", "M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z");
export const DeleteIcon = buttonIcon("M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6");
export const UpIcon = buttonIcon("m18 15-6-6-6 6");
export const DownIcon = buttonIcon("m6 9 6 6 6-6");
export const PlusIcon = buttonIcon("M12 5v14M5 12h14");
