import { focusRing } from "../ui";

const chatButton = `inline-flex w-full items-center justify-center gap-2 rounded-lg px-5 py-3 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

/** The apps' own colours, darkened until white text on them passes WCAG AA. */
export const whatsappButton = `${chatButton} bg-green-700 hover:bg-green-800`;
export const telegramButton = `${chatButton} bg-sky-700 hover:bg-sky-800`;
