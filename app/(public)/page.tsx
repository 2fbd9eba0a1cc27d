import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button-link";
import { getPageRole } from "@/lib/accounts/auth/page";
import { startLearningHref } from "@/lib/platform/navigation/calls-to-action";

const title = "AI-Powered Learning Built Just for You";
const description =
  "Pick the topics you care about and LearnPath writes a structured course for you, with section quizzes and progress tracking that adapt as you learn.";

export const metadata: Metadata = {
  title: { absolute: `LearnPath – ${title}` },
  description,
  openGraph: { type: "website", siteName: "LearnPath", title: `LearnPath – ${title}`, description },
};

type Block = { title: string; text: string; icon: ReactNode };

const benefits: Block[] = [
  {
    title: "Instant AI-Created Courses",
    text: "Choose a topic and get a complete course in moments: sections, lessons and examples organised from the basics up.",
    icon: <IconSpark />,
  },
  {
    title: "Learn At Your Own Pace",
    text: "Read one lesson at a time, whenever it suits you. Your place is saved, so you can pick up exactly where you stopped.",
    icon: <IconClock />,
  },
  {
    title: "Trackable Progress",
    text: "See how far you are through every course at a glance, and which sections you have already mastered.",
    icon: <IconChart />,
  },
];

const features: Block[] = [
  {
    title: "Personalized Learning",
    text: "Recommendations follow the interests you choose and the results you get, so what you see next fits your strengths and gaps.",
    icon: <IconCompass />,
  },
  {
    title: "Smart Quizzes",
    text: "A short quiz closes every section. Miss a question and you get a hint, then try again until the ideas click.",
    icon: <IconCheckCircle />,
  },
  {
    title: "Track Progress",
    text: "Progress bars, completed courses and unlocked sections show what you have achieved and what comes next.",
    icon: <IconFlag />,
  },
];

const steps = [
  {
    title: "Select Your Topics",
    text: "Tell us what you want to learn, from Python to public speaking, and we build your learning feed around it.",
  },
  {
    title: "Learn with Personalized AI Content",
    text: "Work through clear, structured lessons written by AI for the level you are at.",
  },
  {
    title: "Take Quizzes",
    text: "Check your understanding at the end of each section and learn from a hint when you miss.",
  },
  {
    title: "Track Progress and Unlock the Next Level",
    text: "Pass a section's quiz to unlock the next one and watch your progress climb to 100%.",
  },
] as const;

/** The dashboard's request flow (components/request-course/requests-panel.tsx). */
const WRITE_A_COURSE = "/dashboard#write-a-course";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function HomePage({ searchParams }: { searchParams: SearchParams }) {
  // After "Delete my account" (My Account) the learner lands here.
  const [search, role] = await Promise.all([searchParams, getPageRole()]);
  const deleted = search.account === "deleted";
  // A visitor is asked to sign up; someone signed in goes on to their dashboard (docs/product-rules.md, Screens),
  // and a learner's "Generate My First Course" to the dashboard's "Write me a course".
  const start = startLearningHref(role);
  const hero = role === "user" ? { href: WRITE_A_COURSE, label: "Generate My First Course" } : { href: start, label: role ? "Go to My Dashboard" : "Generate My First Course" };
  return (
    <>
      {deleted ? (
        <p role="status" className="border-b border-green-200 bg-green-50 px-4 py-3 text-center font-medium text-green-900">
          Your account and everything in it have been deleted.
        </p>
      ) : null}
      <section aria-labelledby="hero-title" className="bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8 lg:py-24">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Adaptive learning with AI</p>
            <h1
              id="hero-title"
              className="mt-3 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
            >
              {title}
            </h1>
            <p className="mt-6 max-w-xl text-lg text-pretty text-slate-700">
              Choose what you want to learn and get a personalised course in minutes. LearnPath adapts to your
              strengths, your weak spots and your progress, one section and one quiz at a time.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonLink href={hero.href} size="lg">
                {hero.label}
              </ButtonLink>
              <ButtonLink href="/explore" variant="outline" size="lg">
                Explore Topics
              </ButtonLink>
            </div>
          </div>
          <CoursePreview />
        </div>
      </section>

      <Section id="what-you-get" title="What You'll Get" intro="Everything you need to go from curious to confident.">
        <BlockGrid blocks={benefits} />
      </Section>

      <Section
        id="features"
        title="Features"
        intro="Built to keep you learning, not searching for what to learn next."
        className="bg-slate-50"
      >
        <BlockGrid blocks={features} />
      </Section>

      <Section id="how-it-works" title="How It Works" intro="Four steps from choosing a topic to finishing a course.">
        <ol role="list" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-base font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <section aria-labelledby="cta-title" className="px-4 pb-16 sm:px-6 sm:pb-20 lg:px-8">
        <div className="mx-auto max-w-6xl rounded-3xl bg-brand-700 px-6 py-12 text-center sm:px-12 sm:py-16">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {role ? "Ready to Continue Your Learning Path?" : "Ready to Start Your Learning Path?"}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-brand-50">
            {role
              ? "Your courses, quizzes and progress are waiting on your dashboard."
              : "Create a free account, pick your first topics and your personalised course will be waiting for you."}
          </p>
          <div className="mt-8">
            <ButtonLink href={start} variant="secondary" size="lg">
              {role ? "Continue Learning" : "Sign Up and Start Learning"}
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}

function Section({
  id,
  title,
  intro,
  className = "",
  children,
}: {
  id: string;
  title: string;
  intro: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={`py-16 sm:py-20 ${className}`}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h2>
          <p className="mt-3 text-lg text-slate-600">{intro}</p>
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

function BlockGrid({ blocks }: { blocks: Block[] }) {
  return (
    <ul role="list" className="grid gap-6 md:grid-cols-3">
      {blocks.map((block) => (
        <li key={block.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            {block.icon}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{block.title}</h3>
          <p className="mt-2 text-slate-600">{block.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A decorative mock of the course reader: shows the product at a glance on wide screens. */
function CoursePreview() {
  const lessons = [
    { name: "Variables and types", state: "done" },
    { name: "Control flow", state: "done" },
    { name: "Functions", state: "current" },
    { name: "Section quiz", state: "locked" },
  ] as const;
  return (
    <div aria-hidden="true" className="hidden lg:block">
      <div className="mx-auto max-w-md rotate-1 rounded-2xl border border-slate-200 bg-white p-6 shadow-xl">
        <div className="flex items-center justify-between">
          <span className="text-sm font-semibold text-slate-900">Python Basics</span>
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800">Beginner</span>
        </div>
        <div className="mt-4 h-2 rounded-full bg-slate-100">
          <div className="h-2 w-3/5 rounded-full bg-brand-600" />
        </div>
        <p className="mt-2 text-xs text-slate-600">60% completed</p>
        <div className="mt-5 space-y-2">
          {lessons.map((lesson) => (
            <div
              key={lesson.name}
              className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm ${
                lesson.state === "current" ? "bg-brand-50 font-medium text-brand-800" : "text-slate-700"
              }`}
            >
              <span
                className={`flex size-5 items-center justify-center rounded-full text-[0.65rem] ${
                  lesson.state === "done"
                    ? "bg-green-600 text-white"
                    : lesson.state === "current"
                      ? "bg-brand-600 text-white"
                      : "bg-slate-200 text-slate-600"
                }`}
              >
                {lesson.state === "done" ? "✓" : lesson.state === "current" ? "•" : <LockGlyph />}
              </span>
              {lesson.name}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function LockGlyph() {
  return (
    <svg viewBox="0 0 16 16" className="size-3" fill="currentColor">
      <path d="M5 7V5a3 3 0 0 1 6 0v2h.5A1.5 1.5 0 0 1 13 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 13.5v-5A1.5 1.5 0 0 1 4.5 7zm1.5 0h3V5a1.5 1.5 0 0 0-3 0z" />
    </svg>
  );
}

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

function IconSpark() {
  return (
    <Svg>
      <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z" />
      <path d="M19 16l.7 2.3L22 19l-2.3.7L19 22l-.7-2.3L16 19l2.3-.7z" />
    </Svg>
  );
}

function IconClock() {
  return (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Svg>
  );
}

function IconChart() {
  return (
    <Svg>
      <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
    </Svg>
  );
}

function IconCompass() {
  return (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <path d="M15.5 8.5l-2 5-5 2 2-5z" />
    </Svg>
  );
}

function IconCheckCircle() {
  return (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.5 2.5L16 9.5" />
    </Svg>
  );
}

function IconFlag() {
  return (
    <Svg>
      <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
    </Svg>
  );
}
