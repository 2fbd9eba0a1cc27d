import Form from "next/form";
import Link from "next/link";
import { inputClasses } from "@/components/auth/form-field";
import { buttonClasses } from "@/components/ui/button-link";

/**
 * A GET search form for admin tables: submitting goes to `action?search=...` without a page
 * parameter, so a new search always starts on page 1 (the new results may not reach the page the
 * old ones were on). Works without JavaScript; next/form turns it into a client-side navigation
 * when JavaScript is there. `keep` holds other parameters a search keeps (the users table's sort).
 */
export function SearchForm({
  action,
  label,
  placeholder,
  value,
  keep = {},
}: {
  action: string;
  label: string;
  placeholder: string;
  value: string;
  keep?: Record<string, string>;
}) {
  const kept = new URLSearchParams(keep).toString();
  return (
    <Form action={action} role="search" aria-label={label} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      {Object.entries(keep).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <div className="flex-1 sm:max-w-sm">
        <label htmlFor="admin-search" className="mb-1.5 block text-sm font-medium text-slate-800">
          {label}
        </label>
        <input id="admin-search" name="search" type="search" defaultValue={value} placeholder={placeholder} maxLength={200} className={inputClasses} />
      </div>
      <div className="flex gap-2">
        <button type="submit" className={buttonClasses({ variant: "primary" })}>
          Search
        </button>
        {value ? (
          <Link href={kept ? `${action}?${kept}` : action} className={buttonClasses({ variant: "outline" })}>
            Clear search
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
