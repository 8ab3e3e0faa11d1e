/**
 * A narrow hook for a real two-way need between services (ADR 0121): the service built first is handed `call`,
 * and what it calls, built later from that very service, is bound once. A call before `bind` throws: a service
 * used before it is built fails loudly (`server/services-wiring.test.ts`) instead of reading an unset name.
 */
export function lateBound<Args extends unknown[], Result>(what: string) {
  let bound: ((...args: Args) => Result) | undefined;
  return {
    call: (...args: Args): Result => {
      if (!bound) throw new Error(`${what} is used before it is built`);
      return bound(...args);
    },
    bind(to: (...args: Args) => Result): void {
      if (bound) throw new Error(`${what} is bound twice`);
      bound = to;
    },
  };
}
