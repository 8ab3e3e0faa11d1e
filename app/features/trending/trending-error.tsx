export function TrendingError({ message }: { message: string }) {
  return (
    <p
      role="status"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
    >
      {message}
    </p>
  );
}
