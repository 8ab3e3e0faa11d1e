import { Api } from "grammy";
import { cappedFetch } from "../capped-fetch";

/**
 * The most of one Bot API answer read (ADR 0117): past it, reading stops and the call fails as one
 * Telegram did not answer. A send's answer is a message (some 30 KB at most, Telegram escaping what is not
 * ASCII); getUpdates asks for `UPDATES_PER_CALL` updates, each at most a message and the one it replies to.
 */
const MAX_ANSWER_BYTES = 512 * 1024;
export const UPDATES_PER_CALL = 5;

const fetchCappedAnswers = cappedFetch(MAX_ANSWER_BYTES);

/**
 * The Bot API for `token` at `apiRoot` (configuration), each call within `timeoutSeconds` (grammY's own limit,
 * the answer's body included) and its answer read as a stream, at most `MAX_ANSWER_BYTES`.
 */
export function botApi(token: string, apiRoot: string, timeoutSeconds: number): Api {
  return new Api(token, { apiRoot, timeoutSeconds, fetch: fetchCappedAnswers });
}
