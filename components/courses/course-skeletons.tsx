/** Placeholder cards while a course list loads; the visible status text is 'Loading courses...'. */
function CourseCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex justify-between">
        <div className="h-5 w-20 animate-pulse rounded-full bg-slate-200 motion-reduce:animate-none" />
        <div className="h-4 w-16 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
      </div>
      <div className="mt-4 h-6 w-3/4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
      <div className="mt-3 space-y-2">
        <div className="h-4 w-full animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
        <div className="h-4 w-full animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
      </div>
      <div className="mt-6 h-4 w-12 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
    </div>
  );
}

export function CourseGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="mt-10">
      <p role="status" className="text-slate-700">
        Loading courses...
      </p>
      <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          <CourseCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}
