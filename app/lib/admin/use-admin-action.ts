import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { z } from "zod";
import { STALE_EDIT_MESSAGE } from "../../../domain/shared/versions";
import { issuesByField, type ActionAnswer, type ActionRefusal, type FieldErrors } from "./admin-action";
import { withReason } from "./form-parts";
import { useToast } from "./toast";

type Json = Parameters<ReturnType<typeof useFetcher>["submit"]>[0];

/**
 * One write of an admin screen, the same way on every screen: checked in the browser with the schema its
 * action checks it with, sent to the screen's action, and then a toast with the answer's message, the
 * fields' messages next to their fields and the first of them focused. The screen's data is read again by
 * React Router after the write, so the screen shows what was saved. `onSaved` runs once that is done.
 *
 * A form that shows its failures in a banner of its own (the carousel, the videos) asks for
 * `banner`: the failure is then `banner` for the form to show, in place of the toast, until the next
 * attempt or its dismissal. `failure` is the words before the reason ("Failed to post the update"), or the
 * whole text from the refusal when a screen words them itself. `reset` empties an uncontrolled form once saved.
 *
 * A save over a record someone else changed since the screen read it (409, ADR 0017) is `stale`: the form
 * shows `StaleBanner`, whose Reload reads the screen's data again (`reload`) and then calls `onReload`, for
 * the screen to put the fresh record into the form. `onSaved` is given the answer's `detail` too, and
 * `onRefused` runs on any failure (the ledger closes the chat tab it opened).
 */
export function useAdminAction<S extends z.ZodType>(
  schema: S,
  {
    onSaved,
    onRefused,
    failure,
    banner: inBanner = false,
    reset = false,
    onReload,
  }: {
    onSaved?: (message: string, detail: unknown) => void;
    onRefused?: (refusal: ActionRefusal) => void;
    failure?: string | ((refusal: ActionRefusal) => string);
    banner?: boolean;
    reset?: boolean;
    onReload?: () => void;
  } = {},
) {
  const fetcher = useFetcher<ActionAnswer>();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const revalidator = useRevalidator();
  // The answer being shown: a fresh object per answer, so the same message twice is shown twice.
  const [shown, setShown] = useState<{ answer: ActionAnswer } | null>(null);
  const isStale = (answer: ActionAnswer) => !answer.ok && !answer.unreached && answer.message === STALE_EDIT_MESSAGE;
  const show = (answer: ActionAnswer) => {
    setErrors(answer.ok ? {} : answer.errors);
    setStale(isStale(answer));
    setBanner(answer.ok || !inBanner || isStale(answer) ? null : failureText(answer));
    setShown({ answer });
  };
  const failureText = (refusal: ActionRefusal) =>
    typeof failure === "function" ? failure(refusal) : failure ? withReason(failure, refusal.message) : refusal.message;

  // An answer is taken once, when the screen's data has been read again (the fetcher is idle), so a reset
  // form and the updated list show together.
  const [taken, setTaken] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== taken) {
    setTaken(fetcher.data);
    if (fetcher.data) show(fetcher.data);
  }

  const announce = useEffectEvent((answer: ActionAnswer) => {
    if (answer.ok) {
      toast("success", answer.message);
      if (reset) formRef.current?.reset();
      onSaved?.(answer.message, answer.detail);
      return;
    }
    onRefused?.(answer);
    if (isStale(answer)) {
      // The banner is in the form; its Reload button is the way on.
      formRef.current?.querySelector<HTMLElement>("[data-reload]")?.focus();
    } else {
      if (!inBanner) toast("error", failureText(answer));
      formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
    }
  });
  useEffect(() => {
    if (shown) announce(shown.answer);
  }, [shown]);

  const pending = fetcher.state !== "idle";
  return {
    /** Checks the form and sends it; false when the browser's check refused it. */
    submit(body: z.input<S>): boolean {
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        show({ ok: false, message: parsed.error.issues[0]?.message ?? "Check the form", errors: issuesByField(parsed.error.issues) });
        return false;
      }
      setErrors({});
      setBanner(null);
      setStale(false);
      void fetcher.submit(body as Json, { method: "post", encType: "application/json" });
      return true;
    },
    /**
     * A form's onSubmit: the browser's own sending is stopped, and unless a save is under way `send` reads the
     * form's fields and `submit`s them.
     */
    handleSubmit(send: (form: FormData) => void) {
      return (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (!pending) send(new FormData(event.currentTarget));
      };
    },
    pending,
    /** The message for a field ("" for the form as a whole). */
    errors,
    /** The last save was over a newer version: show StaleBanner with `reload`. */
    stale,
    /** Reads the screen's data again, then lets the screen put it into the form (`onReload`). */
    async reload() {
      await revalidator.revalidate();
      setStale(false);
      setErrors({});
      onReload?.();
    },
    reloading: revalidator.state === "loading",
    /** With `banner`: the failure to show in the form, or null. */
    banner,
    dismissBanner: () => setBanner(null),
    /** A fresh form (Edit, Cancel edit) shows no old messages. */
    clearErrors() {
      setErrors({});
      setBanner(null);
    },
    /** What the admin typed into a field clears its message. */
    clearError(field: string) {
      if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
    },
    /** Give it to the form, so the first field refused takes focus. */
    formRef,
  };
}
