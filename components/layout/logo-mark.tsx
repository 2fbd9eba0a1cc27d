/** The brand mark: a rising path on the brand colour. Decorative: the name beside it is the text. */
export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path
        d="M8 22c4-1 6-4 8-8s4-6 8-6"
        fill="none"
        stroke="white"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <circle cx="8" cy="22" r="2.5" fill="white" />
      <circle cx="24" cy="8" r="2.5" fill="white" />
    </svg>
  );
}
