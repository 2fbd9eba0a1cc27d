/*
 * Skeletons shaped like what is loading, so the page does not jump when it arrives: the reader, a
 * course overview, a quiz, a grid of cards. Decorative (aria-hidden): the page's status line says what is loading.
 */

const bar = "animate-pulse rounded bg-slate-200 motion-reduce:animate-none";

function Lines({ count, className = "" }: { count: number; className?: string }) {
  return (
    <div className={`space-y-3 ${className}`}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`h-4 ${bar} ${i === count - 1 ? "w-2/3" : "w-full"}`} />
      ))}
    </div>
  );
}

export type LoadingShape = "reader" | "overview" | "quiz" | "cards";

export function LoadingShapeOf({ shape }: { shape: LoadingShape }) {
  if (shape === "reader") {
    return (
      <div aria-hidden="true" className="mt-6">
        <div className={`h-5 w-24 rounded-full ${bar}`} />
        <div className={`mt-3 h-9 w-2/3 ${bar}`} />
        <div className="mt-6 grid gap-6 lg:mt-8 lg:grid-cols-[18rem_1fr] lg:gap-8">
          <div className={`h-12 rounded-xl lg:h-96 lg:rounded-2xl ${bar}`} />
          <div className="rounded-2xl border border-slate-200 p-6 sm:p-8">
            <div className={`h-4 w-32 ${bar}`} />
            <div className={`mt-2 h-8 w-1/2 ${bar}`} />
            <Lines count={8} className="mt-6" />
          </div>
        </div>
      </div>
    );
  }
  if (shape === "overview") {
    return (
      <div aria-hidden="true" className="mt-6">
        <div className={`h-9 w-2/3 ${bar}`} />
        <Lines count={3} className="mt-4" />
        <div className={`mt-6 h-32 rounded-2xl ${bar}`} />
        <div className="mt-10 space-y-3">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className={`h-16 rounded-2xl ${bar}`} />
          ))}
        </div>
      </div>
    );
  }
  if (shape === "quiz") {
    return (
      <div aria-hidden="true" className="mt-6">
        <div className={`h-8 w-2/3 ${bar}`} />
        <div className="mt-8 rounded-2xl border border-slate-200 p-6 sm:p-8">
          <div className={`h-2 w-full rounded-full ${bar}`} />
          <div className={`mt-4 h-6 w-3/4 ${bar}`} />
          <div className="mt-5 space-y-3">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className={`h-12 rounded-xl ${bar}`} />
            ))}
          </div>
        </div>
      </div>
    );
  }
  return (
    <div aria-hidden="true" className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className={`h-40 rounded-2xl ${bar}`} />
      ))}
    </div>
  );
}
