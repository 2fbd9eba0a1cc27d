export default function AdminLoading() {
  return (
    <div className="max-w-5xl">
      <p role="status" className="text-lg text-slate-700">
        Loading...
      </p>
      <div aria-hidden="true" className="mt-6 space-y-3">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-12 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    </div>
  );
}
