import { simpleParser } from "mailparser";
import type { ProviderMail } from "../../../domain/household-mail/household-mail";

/**
 * A raw mail (RFC 5322, as IMAP's FETCH BODY[] gives it) as the classifier reads it, parsed by mailparser. The
 * result lives only as long as the reading: nothing of the body is stored.
 */
export async function parseProviderMail(source: Buffer | string, receivedAt: Date): Promise<ProviderMail> {
  const parsed = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const authenticationResults = parsed.headerLines
    .filter((header) => header.key === "authentication-results")
    .map((header) =>
      header.line
        .slice(header.line.indexOf(":") + 1)
        .replace(/\r?\n[ \t]+/g, " ")
        .trim(),
    );
  return {
    from: (parsed.from?.value[0]?.address ?? "").toLowerCase(),
    authenticationResults,
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : "",
    receivedAt,
  };
}
