/** The household-location fix on the help page; images are the drawings in public/images/help/. */
export interface HelpStep {
  title: string;
  text: string[];
  image: string;
  alt: string;
}

export const householdSteps: HelpStep[] = [
  {
    title: "Open Netflix and find the household message",
    text: [
      "Open the Netflix app on your phone or tablet. If it says your device isn't part of the Netflix Household for this account, do not sign out.",
      "Tap \u201cI'm traveling\u201d (on some versions \u201cWatch temporarily\u201d).",
    ],
    image: "/images/help/step-1-household-screen.svg",
    alt: "Phone screen with a house symbol, the household message and an \u201cI'm traveling\u201d button being tapped.",
  },
  {
    title: "Ask Netflix to send a code",
    text: [
      "Tap \u201cSend email\u201d. Netflix sends a 4-digit code to the account's email address, which is ours, so the code reaches us, not you.",
    ],
    image: "/images/help/step-2-send-email.svg",
    alt: "Phone screen with an envelope symbol and a \u201cSend email\u201d button being tapped.",
  },
  {
    title: "Get the code from us",
    text: [
      "Message us on WhatsApp or Telegram and say you need a household code.",
      "A code works for about 15 minutes, so ask for it when you have the app open and ready.",
    ],
    image: "/images/help/step-3-ask-for-code.svg",
    alt: "Chat on a phone: the shopper asks for a household code and the shop answers with a 4-digit code.",
  },
  {
    title: "Enter the code and tap Verify",
    text: [
      "Type the 4 digits into the Netflix app and tap \u201cVerify\u201d. Netflix then lets this device watch again.",
      "If the code has expired, go back one step and ask for a new one.",
    ],
    image: "/images/help/step-4-enter-code.svg",
    alt: "Phone screen with the code 4821 typed into four boxes and a \u201cVerify\u201d button being tapped.",
  },
  {
    title: "Keep Netflix running in the background",
    text: ["You are done. To leave Netflix, just go to your home screen or lock the phone as usual."],
    image: "/images/help/step-5-keep-app-open.svg",
    alt: "The recent apps view with the Netflix card, and the swipe-up gesture that closes it crossed out in red.",
  },
];

export const recentAppsWarning =
  "Do not remove Netflix from your recent apps: don't swipe it away, close all apps or force-stop it. If you do, the household message can come back and you will need a new code.";
