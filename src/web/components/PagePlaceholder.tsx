/** The pulsing placeholder shown while the sign-in status or a lazy page loads (spec part 1 section 2). */
export function PagePlaceholder({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Loading"
      className={fullScreen ? 'flex min-h-svh items-center justify-center p-6' : 'flex flex-1 flex-col gap-4 p-4 md:p-6'}
    >
      {fullScreen ? (
        <div className="flex w-full max-w-sm flex-col items-center gap-4">
          <div className="bg-muted size-12 animate-pulse rounded-xl" />
          <div className="bg-muted h-4 w-40 animate-pulse rounded-md" />
          <div className="bg-muted h-4 w-28 animate-pulse rounded-md" />
        </div>
      ) : (
        <>
          <div className="bg-muted h-8 w-48 animate-pulse rounded-md" />
          <div className="bg-muted h-4 w-72 max-w-full animate-pulse rounded-md" />
          <div className="bg-muted h-64 w-full animate-pulse rounded-xl" />
        </>
      )}
      <span className="sr-only">Loading...</span>
    </div>
  );
}
