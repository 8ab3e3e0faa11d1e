import { data, Link } from "react-router";

// A signed-out visitor is sent to sign-in first by the layout's middleware; a signed-in one sees a 404 here.
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Page not found | Pasal admin" }];

export default function AdminNotFound() {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-bold">Oops! Page Not Found</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">This admin screen does not exist.</p>
      <Link to="/admin/dashboard" className="mt-6 inline-block font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-400">
        Go to the dashboard
      </Link>
    </section>
  );
}
