/**
 * A card's one link (or toggle button), on its title: its name is exactly what it shows (WCAG 2.5.3, label in name), while
 * the ::after covers the whole card (which must be `relative`), so a click anywhere on the card follows it and
 * the focus ring is drawn around the card rather than around the title.
 */
export const stretchedLinkClasses =
  "after:absolute after:inset-0 after:z-10 after:rounded-2xl after:content-[''] focus-visible:outline-none " +
  "focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600";
