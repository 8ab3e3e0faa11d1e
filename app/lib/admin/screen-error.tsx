import { useEffect, useState } from "react";
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { card, mutedText, primaryButton } from "../../components/ui";
import { ErrorBanner } from "./form-parts";

const signedOut = (error: unknown) => isRouteErrorResponse(error) && error.status === 401;

/**
 * What an admin screen shows when its loader fails. It renders inside the admin layout's outlet, so the
 * sidebar and Logout stay usable, and 'Try again' reruns the screen's loader without a full reload.
 * `message` is the banner's text where the spec names one, and `dismissible` where the spec has it dismissed
 * (the carousel's 'Failed to fetch carousel items').
 */
export function ScreenError({
  screen,
  error,
  message,
  dismissible = false,
}: {
  screen: string;
  error: unknown;
  message?: string;
  dismissible?: boolean;
}) {
  const revalidator = useRevalidator();
  const [bannerShown, setBannerShown] = useState(true);
  const navigate = useNavigate();
  const location = useLocation();
  const sessionEnded = signedOut(error);

  useEffect(() => {
    if (sessionEnded) navigate(`/admin/login?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  }, [sessionEnded, navigate, location.pathname, location.search]);

  if (sessionEnded) {
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold">{screen}</h1>
        <p className="mt-4">
          Your session has ended.{" "}
          <Link to="/admin/login" className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-400">
            Sign in again
          </Link>
        </p>
      </div>
    );
  }

  const missing = isRouteErrorResponse(error) && error.status === 404;
  const retrying = revalidator.state === "loading";
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">{screen}</h1>
      {bannerShown && (
        <div className="mt-4">
          <ErrorBanner
            message={missing ? `${screen}: not found` : (message ?? `${screen} could not be loaded`)}
            onDismiss={dismissible ? () => setBannerShown(false) : undefined}
          />
        </div>
      )}
      <div className={`${card} mt-4 p-5`}>
        <p className={mutedText}>
          {missing
            ? "What this link points to no longer exists. Use the navigation to pick a screen."
            : "The server did not answer with this screen's data. Check the connection and try again; the other screens still work."}
        </p>
        {!missing && (
          <button
            type="button"
            className={`${primaryButton} mt-4`}
            onClick={() => void revalidator.revalidate()}
            disabled={retrying}
            aria-busy={retrying}
          >
            {retrying ? "Trying again…" : "Try again"}
          </button>
        )}
      </div>
    </div>
  );
}

/** An admin route module's ErrorBoundary: `export const ErrorBoundary = screenErrorBoundary("Orders")`. */
export function screenErrorBoundary(screen: string) {
  return function ErrorBoundary({ error }: { error: unknown }) {
    return <ScreenError screen={screen} error={error} />;
  };
}
