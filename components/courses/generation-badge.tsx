// is_detail_created_by_ai true shows Generated, false Generating (Failed when generation gave up): docs/product-rules.md.
export function GenerationBadge({ generated, failed = false }: { generated: boolean; failed?: boolean }) {
  if (failed) return <span className="inline-flex items-center gap-1 text-xs font-medium text-red-700">Failed</span>;
  return generated ? (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700">
      <span aria-hidden="true">✓</span> Generated
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-700">
      <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-amber-500" /> Generating
    </span>
  );
}
