import type { Status } from "./catalogue";
import { DAYS_PER_MONTH, LONG_PLAN_DIFFERENCE } from "./validity";

export type FaqEntry = { question: string; answer: string };

const validity: FaqEntry = {
  question: "How long is my plan valid?",
  answer: `Customers may not join on the same day they order, so the validity varies a little: by ${LONG_PLAN_DIFFERENCE.min}-${LONG_PLAN_DIFFERENCE.max} days for 6 or 12 month plans, and otherwise from ${DAYS_PER_MONTH.min} x months to ${DAYS_PER_MONTH.max} x months days.`,
};

const renewal: FaqEntry = {
  question: "How do I renew after it expires?",
  answer: "Contact us on WhatsApp or Telegram when your plan expires and we will renew it for you.",
};

/** Spec §2: the product FAQ, one set for shared accounts and one for private accounts. */
export const FAQ: Record<Exclude<Status, "none">, FaqEntry[]> = {
  shared: [
    {
      question: "What kind of account will I get?",
      answer: "A shared account with your own private profile, protected by a PIN that only you know.",
    },
    {
      question: "Can I share it with my friends?",
      answer:
        "No. Please do not share the account or your profile with friends: the account is shared with other customers, and sharing it can get it locked.",
    },
    {
      question: "Can I use it on a Smart TV?",
      answer: "No. A shared account cannot be used on a Smart TV; use it on your phone, tablet or laptop.",
    },
    renewal,
    validity,
  ],
  private: [
    {
      question: "What kind of account will I get?",
      answer: "A private account that is yours alone.",
    },
    {
      question: "Can I share it with my friends?",
      answer: "That is up to you: the account is private, so you decide who uses it.",
    },
    {
      question: "Can I use it on a Smart TV?",
      answer: "Yes. A private account works on a Smart TV as well as on phones, tablets and laptops.",
    },
    renewal,
    {
      question: "Can I change the account's settings?",
      answer: "Contact us for changes to user settings, such as the email or password, and we will make them for you.",
    },
    validity,
  ],
};
