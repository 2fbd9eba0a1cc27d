/*
 * The app's pictures that carry meaning (a streak, a passed quiz, a finished course, a lock, the
 * topics' icons, the toasts' faces) as inline SVG: an emoji shows as an empty box where the
 * system has no emoji font (docs/product-rules.md, Screens). Each draws with currentColor, so it
 * takes the text colour beside it. Beside text that says the same, an icon is hidden from screen
 * readers; alone, give it a `label` and it is an image with that name.
 */

type IconProps = { className?: string; label?: string };

const PATHS = {
  flame: "M12 2.5c.8 3.4 4.5 5.3 4.5 10.2a4.5 4.5 0 0 1-9 0c0-2.3 1-3.6 2-5 .3 1.6 1 2.6 2 3.2.7-2.4.9-5.2.5-8.4Z",
  trophy: "M8 3.5h8v5.5a4 4 0 0 1-8 0V3.5Zm0 2H4.5a3.5 3.5 0 0 0 3.8 4.4M16 5.5h3.5a3.5 3.5 0 0 1-3.8 4.4M12 13v4.5m-3.5 3h7m-5.5-3h4",
  dumbbell: "M6.5 7v10m11-10v10M3.5 9.5v5m17-5v5M6.5 12h11",
  graduationCap: "M2.5 9 12 4.5 21.5 9 12 13.5 2.5 9Zm4 2.2v4.6c3 2.2 8 2.2 11 0v-4.6m4-2.2v5.5",
  lock: "M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1Zm2.5 0V7.5a3.5 3.5 0 0 1 7 0V11",
  sadFace: "M12 2.5a9.5 9.5 0 1 0 0 19 9.5 9.5 0 0 0 0-19ZM9 9.5h.01m5.99 0h.01M8.5 16.5a4.5 4.5 0 0 1 7 0",
  party: "M4 20.5 8 8.5l7.5 7.5-11.5 4.5Zm9.5-16v2m6 5h-2m.5-4-1.5 1.5m-4.5-4 .5 1M6.5 14.5l3 3",
  book: "M3.5 5h6a2.5 2.5 0 0 1 2.5 2.5V20a2 2 0 0 0-2-2H3.5V5Zm17 0h-6A2.5 2.5 0 0 0 12 7.5V20a2 2 0 0 1 2-2h6.5V5Z",
  lightbulb: "M9 18h6m-5 3h4M12 3a6 6 0 0 0-3.8 10.6c.6.6.8 1.3.8 2.4h6c0-1.1.2-1.8.8-2.4A6 6 0 0 0 12 3Z",
  brain: "M12 5a3 3 0 0 0-5.5-1.3A3 3 0 0 0 4 8.5a3.2 3.2 0 0 0 .5 6A3 3 0 0 0 9 19a3 3 0 0 0 3 1.5V5Zm0 0a3 3 0 0 1 5.5-1.3A3 3 0 0 1 20 8.5a3.2 3.2 0 0 1-.5 6A3 3 0 0 1 15 19a3 3 0 0 1-3 1.5",
  rocket: "M12 2.5c3 2 4.8 5.6 4.8 9.5l-1.8 4H9l-1.8-4c0-3.9 1.8-7.5 4.8-9.5ZM12 8.5h.01M9 16l-3 3.5M15 16l3 3.5M10.5 20.5h3",
  flask: "M9 3h6m-5 0v6.2L4.6 18.4A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.4-2.6L14 9.2V3M7 15h10",
  target: "M12 2.5a9.5 9.5 0 1 0 0 19 9.5 9.5 0 0 0 0-19Zm0 4a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Zm0 4a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z",
  wrench: "M14.5 3.2a5 5 0 0 0-4.3 6.9L3.5 16.8 7.2 20.5l6.7-6.7a5 5 0 0 0 6.9-4.3l-3 3-3.6-.6-.6-3.6 3-3a5 5 0 0 0-2.1-.4Z",
  chart: "M3.5 20.5h17M7 17v-5m5 5V7m5 10v-7",
  globe: "M12 2.5a9.5 9.5 0 1 0 0 19 9.5 9.5 0 0 0 0-19ZM2.5 12h19M12 2.5c2.6 2.8 3.8 6 3.8 9.5s-1.2 6.7-3.8 9.5c-2.6-2.8-3.8-6-3.8-9.5s1.2-6.7 3.8-9.5Z",
  palette: "M12 2.5a9.5 9.5 0 0 0 0 19c1.3 0 2-.8 2-1.8 0-1.3-1.2-1.6-1.2-2.7 0-.8.7-1.5 1.7-1.5h2.3a4.7 4.7 0 0 0 4.7-4.7c0-4.6-4.3-8.3-9.5-8.3ZM7.5 11.5h.01M10 7.5h.01m4.99 0h.01",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = "size-5", label }: IconProps & { name: IconName }) {
  const named = label ? { role: "img", "aria-label": label } : { "aria-hidden": true as const };
  return (
    <svg
      {...named}
      data-icon={name}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      className={className}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** Topic cards cycle through ten icons, chosen by topic id so a topic keeps its icon. */
export const TOPIC_ICONS = ["book", "lightbulb", "brain", "rocket", "flask", "target", "wrench", "chart", "globe", "palette"] as const satisfies readonly IconName[];

/**
 * A topic's icon, from its id (1 gets the first): the same topic keeps the same icon wherever it
 * is shown and whatever topics are added or removed around it, still cycling through the ten.
 */
export function topicIconName(topicId: number): IconName {
  const n = TOPIC_ICONS.length;
  return TOPIC_ICONS[(((Math.trunc(topicId) - 1) % n) + n) % n] ?? TOPIC_ICONS[0];
}

export function TopicIcon({ topicId, className = "size-7" }: { topicId: number; className?: string }) {
  return <Icon name={topicIconName(topicId)} className={className} />;
}
