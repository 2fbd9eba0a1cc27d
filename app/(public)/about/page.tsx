import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button-link";

const description =
  "LearnPath turns the topics you choose into structured, AI-written courses with quizzes and progress tracking that adapt to how you learn.";

export const metadata: Metadata = {
  title: "About",
  description,
  openGraph: { type: "website", siteName: "LearnPath", title: "About LearnPath", description },
};

type Card = { title: string; icon: ReactNode; body: ReactNode };

const cards: Card[] = [
  {
    title: "Our Mission",
    icon: <IconTarget />,
    body: (
      <p>
        To make good teaching available to everyone who wants to learn. LearnPath turns any topic you choose into a
        clear, structured course, written for your level and ready the moment you are, so the only thing between you
        and a new skill is the time you decide to give it.
      </p>
    ),
  },
  {
    title: "Our Vision",
    icon: <IconEye />,
    body: (
      <p>
        A world where every learner has a course that fits them: one that notices what you already know, spends more
        time where you struggle and moves on when you are ready. We see AI as a patient tutor that adapts to you, not
        a shortcut that thinks for you.
      </p>
    ),
  },
  {
    title: "Our Values",
    icon: <IconHeart />,
    body: (
      <ul role="list" className="space-y-2">
        <li>
          <strong className="font-semibold text-slate-900">Learner first.</strong> Every feature has to help you
          understand more, not keep you scrolling.
        </li>
        <li>
          <strong className="font-semibold text-slate-900">Honest progress.</strong> Sections unlock when you pass
          their quiz, so your progress means what it says.
        </li>
        <li>
          <strong className="font-semibold text-slate-900">Clarity.</strong> Plain language, worked examples and
          hints that explain rather than just correct.
        </li>
        <li>
          <strong className="font-semibold text-slate-900">Respect for your data.</strong> We use what you learn only
          to improve what you learn next.
        </li>
      </ul>
    ),
  },
];

export default function AboutPage() {
  return (
    <>
      <section aria-labelledby="about-title" className="bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-20 lg:px-8">
          <h1 id="about-title" className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
            About LearnPath
          </h1>
          <p className="mt-6 text-lg text-pretty text-slate-700">
            LearnPath is an adaptive learning platform. You pick the topics you are curious about; our AI writes a
            course for each one, broken into short sections with a quiz at the end of every section. As you read and
            answer, LearnPath tracks your progress and shapes what it recommends next around your strengths and the
            areas that need more practice.
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 lg:px-8">
        <div className="grid gap-6 md:grid-cols-3">
          {cards.map((card) => (
            <section
              key={card.title}
              aria-labelledby={`${slug(card.title)}-title`}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                {card.icon}
              </span>
              <h2 id={`${slug(card.title)}-title`} className="mt-5 text-xl font-bold text-slate-900">
                {card.title}
              </h2>
              <div className="mt-3 text-slate-600">{card.body}</div>
            </section>
          ))}
        </div>

        <div className="mt-16 rounded-3xl bg-slate-50 px-6 py-12 text-center sm:px-12">
          <p className="mx-auto max-w-2xl text-lg font-medium text-pretty text-slate-800">
            See what you could learn next, or create an account and get your first course today.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink href="/explore" variant="outline" size="lg">
              Explore Topics
            </ButtonLink>
            <ButtonLink href="/signup" size="lg">
              Sign Up
            </ButtonLink>
          </div>
        </div>
      </div>
    </>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
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

function IconTarget() {
  return (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" />
    </Svg>
  );
}

function IconEye() {
  return (
    <Svg>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </Svg>
  );
}

function IconHeart() {
  return (
    <Svg>
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
    </Svg>
  );
}
