declare module "bikram-sambat" {
  interface BikramSambat {
    toBik(isoDay: string): { year: number; month: number; day: number };
    toDev(year: number, month: number, day: number): { year: string; month: string; day: string };
    toGreg(year: number, month: number, day: number): { year: number; month: number; day: number };
    /** The same day as 'YYYY-MM-DD'. */
    toGreg_text(year: number, month: number, day: number): string;
  }
  const bikramSambat: BikramSambat;
  export default bikramSambat;
}
