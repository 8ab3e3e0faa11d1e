import { useEffect, useState } from "react";

/** `flag`, but only once it has stayed true for `ms`: fast loads do not flash a skeleton. */
export function useDelayedFlag(flag: boolean, ms: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!flag) return;
    const timer = setTimeout(() => setLate(true), ms);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [flag, ms]);
  return flag && late;
}
