"use client";

// The learner's account menu (a WAI-ARIA menu button): Edit Profile, Edit Personalized Learning, Logout.
// Closes on outside click, Escape (focus returns to the button), Tab away, and after navigating:
// a chosen link keeps the menu open, its spinner showing, until the next page comes (the panel is
// keyed by pathname), except the current page's own link, which closes it at once.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { type KeyboardEvent as ReactKeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { currentFor } from "@/components/layout/header-nav";
import { LinkPending } from "@/components/ui/link-pending";
import { useDismiss } from "@/components/ui/use-dismiss";
import { LogoutButton } from "@/components/auth/logout-button";

export const ACCOUNT_LINKS = [
  { href: "/dashboard/my-account", label: "Edit Profile" },
  { href: "/dashboard/topic-selection", label: "Edit Personalized Learning" },
] as const;

/** Up to two initials for the avatar circle ("Lena Learner" → "LL"). */
function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "");
  return letters.join("") || "U";
}

export function UserMenu({ name }: { name: string }) {
  const pathname = usePathname();
  // Remounted per pathname, so following any link always leaves the menu closed.
  return <UserMenuPanel key={pathname} name={name} pathname={pathname} />;
}

const ITEM_BASE =
  "flex min-h-11 w-full items-center rounded-md px-3 text-left text-sm font-medium hover:bg-slate-100 focus:bg-slate-100 disabled:opacity-60";
const LINK_ITEM = `${ITEM_BASE} text-slate-700 hover:text-slate-900 focus:text-slate-900 aria-[current=page]:text-brand-700`;
const LOGOUT_ITEM = `${ITEM_BASE} text-red-700 hover:text-red-800 focus:text-red-800`;

function UserMenuPanel({ name, pathname }: { name: string; pathname: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  // Which item receives focus when the menu opens (ArrowUp on the button opens at the last one).
  const focusTarget = useRef<"first" | "last">("first");

  const menuItems = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []);

  useEffect(() => {
    if (!open) return;
    const items = menuItems();
    (focusTarget.current === "last" ? items.at(-1) : items[0])?.focus();
  }, [open]);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);

  function openAt(target: "first" | "last") {
    focusTarget.current = target;
    setOpen(true);
  }

  function onButtonKeyDown(event: ReactKeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (open) {
        const items = menuItems();
        (event.key === "ArrowUp" ? items.at(-1) : items[0])?.focus();
      } else {
        openAt(event.key === "ArrowUp" ? "last" : "first");
      }
    }
  }

  function onMenuKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    const items = menuItems();
    if (items.length === 0) return;
    const index = items.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    switch (event.key) {
      case "ArrowDown":
        next = items[(index + 1) % items.length];
        break;
      case "ArrowUp":
        next = items[(index - 1 + items.length) % items.length];
        break;
      case "Home":
        next = items[0];
        break;
      case "End":
        next = items.at(-1);
        break;
      default:
        return;
    }
    event.preventDefault();
    next?.focus();
  }

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        // Tabbing out of the menu closes it; clicks elsewhere are handled by the pointer listener.
        const next = event.relatedTarget;
        if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? setOpen(false) : openAt("first"))}
        onKeyDown={onButtonKeyDown}
        className="inline-flex min-h-11 max-w-64 items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pr-3 pl-1 text-sm font-semibold text-slate-800 hover:border-slate-300 hover:bg-slate-50 aria-expanded:border-brand-600"
      >
        <span
          aria-hidden="true"
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white"
        >
          {initialsOf(name)}
        </span>
        {/* Initials alone between md and lg, where the header's four links need the room; still the button's name. */}
        <span className="sr-only lg:not-sr-only lg:truncate">{name}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`size-4 shrink-0 text-slate-500 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M5 8l5 5 5-5" />
        </svg>
      </button>

      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        className="absolute top-full right-0 z-40 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg"
      >
        {ACCOUNT_LINKS.map((link) => (
          <Link
            key={link.href}
            href={link.href}
            role="menuitem"
            aria-current={currentFor(pathname, link.href)}
            onClick={currentFor(pathname, link.href) ? close : undefined}
            className={LINK_ITEM}
          >
            {link.label}
            <LinkPending className="ml-auto" />
          </Link>
        ))}
        <div role="separator" className="my-1 border-t border-slate-200" />
        <LogoutButton role="menuitem" className={LOGOUT_ITEM}>
          Logout
        </LogoutButton>
      </div>
    </div>
  );
}
