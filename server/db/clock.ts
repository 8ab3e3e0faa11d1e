/** The server's notion of now, replaceable in tests that need time to pass. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
