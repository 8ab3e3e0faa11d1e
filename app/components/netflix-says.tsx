import { English } from "./rich-message";

/**
 * What Netflix's app shows, in English whatever the page's language: quoted as it is, and marked so
 * (`lang="en"`), in the sentences of the help page, the Netflix code page and the order page.
 */
export const NETFLIX_SAYS = {
  traveling: <English>I'm traveling</English>,
  temporarily: <English>Watch temporarily</English>,
  send: <English>Send email</English>,
  verify: <English>Verify</English>,
  notPart: <English>Your device isn't part of the Netflix Household for this account</English>,
};
