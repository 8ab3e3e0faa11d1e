declare module "bikram-sambat" {
  interface BikramSambat {
    toBik(isoDay: string): { year: number; month: number; day: number };
    toDev(year: number, month: number, day: number): { year: string; month: string; day: string };
    toGreg(year: number, month: number, day: number): { year: number; month: number; day: number };
  }
  const bikramSambat: BikramSambat;
  export default bikramSambat;
}
