import type { ReactNode } from "react";
import { richMessage } from "../../components/rich-message";
import { NETFLIX_SAYS } from "../../components/netflix-says";
import { m } from "../../paraglide/messages";

/** The household-location fix on the help page; images are the drawings in public/images/help/. */
export interface HelpStep {
  title: ReactNode;
  text: ReactNode[];
  image: string;
  alt: string;
}

/** The steps in the page's language (messages help_s1_… to help_s5_…). */
export const householdSteps = (): HelpStep[] => [
  {
    title: m.help_s1_title(),
    text: [m.help_s1_p1(), richMessage(m.help_s1_p2, { traveling: NETFLIX_SAYS.traveling, temporarily: NETFLIX_SAYS.temporarily })],
    image: "/images/help/step-1-household-screen.svg",
    alt: m.help_s1_alt(),
  },
  {
    title: m.help_s2_title(),
    text: [richMessage(m.help_s2_p1, { send: NETFLIX_SAYS.send })],
    image: "/images/help/step-2-send-email.svg",
    alt: m.help_s2_alt(),
  },
  {
    title: m.help_s3_title(),
    text: [m.help_s3_p1(), m.help_s3_p2()],
    image: "/images/help/step-3-ask-for-code.svg",
    alt: m.help_s3_alt(),
  },
  {
    title: richMessage(m.help_s4_title, { verify: NETFLIX_SAYS.verify }),
    text: [richMessage(m.help_s4_p1, { verify: NETFLIX_SAYS.verify }), m.help_s4_p2()],
    image: "/images/help/step-4-enter-code.svg",
    alt: m.help_s4_alt(),
  },
  { title: m.help_s5_title(), text: [m.help_s5_p1()], image: "/images/help/step-5-keep-app-open.svg", alt: m.help_s5_alt() },
];
