/** One question of a product's FAQ and its answer (the texts are the storefront's messages, faq_*). */

export type FaqEntry = { question: string; answer: string };
