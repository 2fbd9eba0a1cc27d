import { createRng, type Rng } from "../../../tests/api/prng";

/*
 * The ground truth of the learning benchmark: simulated learners whose memory and skill the
 * engine under test never sees, only their answers. It shares no code and no model family with
 * the engine (the app rates with Elo and schedules with FSRS): memory here is ACT-R declarative
 * memory with the spacing effect, skill a Rasch scale. Everything a learner does is on a test
 * clock, in minutes since they started the course (day 0, minute 0).
 *
 * Memory, per concept (Pavlik & Anderson 2005, "Practice and forgetting effects on vocabulary
 * memory: an activation-based model of the spacing effect", Cognitive Science 29; and 2008,
 * "Using a model to compute the optimal schedule of practice", J. Exp. Psych.: Applied 14):
 *
 *   activation  m(t)  = ln( sum_i w_i * age_i(t)^(-d_i) )      one term per past encounter i
 *   decay       d_i   = c * e^(m(t_i)) + a                     the activation just before it:
 *                                                              practice while still strong
 *                                                              decays fast (the spacing effect)
 *   recall      r(t)  = 1 / (1 + e^((tau - m(t)) / s))
 *
 * Ages are in seconds of "psychological time": within a session as they are, and between sessions
 * (a pause of more than SESSION_GAP_MINUTES) scaled by h, as Pavlik & Anderson fit forgetting
 * across days with the same decay as within a session. c, a, tau, s and h are close to the values
 * they report; w (how much an encounter lays down) is this benchmark's choice: a lesson read 1, an
 * answer with its feedback more (retrieval practice beats restudy: Roediger & Karpicke 2006), a
 * right one most.
 *
 * Skill, per concept: a Rasch ability in logits, theta(t) = theta0 + gain * r(t): what the learner
 * brings (theta0, drawn per learner and concept) plus what they have learnt and still remember.
 * The chance of a right answer on an item of Rasch difficulty b (0 is an average item) has a guess
 * floor for four options: p = guess + (1 - guess) / (1 + e^(b - theta)). Concepts known before
 * the course carry a history of spaced practice in the weeks before day 0, so they are strong at
 * the start and fade like anything else.
 *
 * Answering a probe (an item the benchmark uses to measure, not to teach) changes nothing here.
 *
 * This file is the benchmark's truth: change it only with a reason in the commit message, since
 * every figure before and after the change stops being comparable.
 */

/** A pause longer than this ends a session: the time after it counts h-scaled. */
export const SESSION_GAP_MINUTES = 60;

const MEMORY = {
  /** Decay intercept and scale (a, c), retrieval threshold (tau), noise (s), between-session scale (h). */
  a: 0.177,
  c: 0.217,
  tau: -0.704,
  s: 0.255,
  h: 0.025,
  /** What one encounter lays down (w): a lesson read, an answer missed then shown, an answer right. */
  weight: { read: 1, wrong: 1.2, right: 1.6 },
  /** An encounter younger than this counts as this old (the power law has no value at 0). */
  minAgeSeconds: 1,
} as const;

/** Four options: a learner who knows nothing is right a quarter of the time. */
const GUESS = 0.25;

export type PopulationName = "typical" | "fast" | "slow";

export type Population = {
  name: PopulationName;
  /** Share of the course's concepts known before day 0. */
  priorKnownShare: number;
  /** Ability on a concept before any study (logits): mean and spread across learners and concepts. */
  abilityMean: number;
  abilitySpread: number;
  /** Logits a perfectly remembered concept adds. */
  gain: number;
  /** Added to the decay intercept a: higher forgets faster. */
  extraDecay: number;
  wordsPerMinute: number;
  secondsPerAnswer: number;
};

export const POPULATIONS: Record<PopulationName, Population> = {
  typical: { name: "typical", priorKnownShare: 0.1, abilityMean: -1.5, abilitySpread: 0.6, gain: 4.5, extraDecay: 0, wordsPerMinute: 200, secondsPerAnswer: 30 },
  // Much prior knowledge, learn more per encounter, forget a little slower, read faster.
  fast: { name: "fast", priorKnownShare: 0.5, abilityMean: -1, abilitySpread: 0.6, gain: 5, extraDecay: -0.03, wordsPerMinute: 250, secondsPerAnswer: 20 },
  // Little prior knowledge, learn less per encounter, forget faster, read slower.
  slow: { name: "slow", priorKnownShare: 0, abilityMean: -2, abilitySpread: 0.6, gain: 5, extraDecay: 0.07, wordsPerMinute: 150, secondsPerAnswer: 45 },
};

/** The days before day 0 on which a concept known beforehand was practised. */
const PRIOR_PRACTICE_DAYS = [-90, -60, -40, -25, -14, -7, -3];

type Encounter = { psych: number; weight: number; decay: number };

type Concept = { theta0: number; encounters: Encounter[] };

const MINUTES_PER_DAY = 24 * 60;

/** Psychological seconds in a pause of `minutes` with no activity. */
function pauseSeconds(minutes: number): number {
  const within = Math.min(minutes, SESSION_GAP_MINUTES);
  return (within + MEMORY.h * Math.max(0, minutes - SESSION_GAP_MINUTES)) * 60;
}

function gaussian(rng: Rng): number {
  // Box-Muller; 1 - next() is in (0, 1], so the logarithm is finite.
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

export class SimulatedLearner {
  readonly population: Population;
  private readonly rng: Rng;
  private readonly concepts = new Map<string, Concept>();
  /** The test clock of the last thing the learner did, and its psychological time (seconds). */
  private lastMinute = 0;
  private lastPsych = 0;
  private readonly decayIntercept: number;

  /** `concepts`: the course's concept keys; `seed` makes the learner (abilities, prior knowledge, answers) reproducible. */
  constructor(population: Population, concepts: readonly string[], seed: number) {
    this.population = population;
    this.rng = createRng(seed);
    this.decayIntercept = MEMORY.a + population.extraDecay;
    for (const key of concepts) {
      const concept: Concept = { theta0: population.abilityMean + population.abilitySpread * gaussian(this.rng), encounters: [] };
      this.concepts.set(key, concept);
      if (this.rng.chance(population.priorKnownShare)) {
        for (const day of PRIOR_PRACTICE_DAYS) this.encounter(concept, -pauseSeconds(-day * MINUTES_PER_DAY), MEMORY.weight.right);
      }
    }
  }

  /** Whether the concept was known before day 0 (for reports; the engine never sees it). */
  knewBefore(key: string): boolean {
    return this.concept(key).encounters.some((e) => e.psych < 0);
  }

  /** Minutes a lesson of `words` words takes this learner to read. */
  readingMinutes(words: number): number {
    return words / this.population.wordsPerMinute;
  }

  /** Minutes one answer takes. */
  get answerMinutes(): number {
    return this.population.secondsPerAnswer / 60;
  }

  /** The true chance of a right answer on an item of Rasch difficulty `difficulty` at `minute`. */
  trueChance(key: string, difficulty: number, minute: number): number {
    const theta = this.concept(key).theta0 + this.population.gain * this.recall(key, minute);
    return GUESS + (1 - GUESS) / (1 + Math.exp(difficulty - theta));
  }

  /** How well the concept is remembered at `minute`, 0 to 1. */
  recall(key: string, minute: number): number {
    const m = this.activation(this.concept(key), this.psychAt(minute));
    return 1 / (1 + Math.exp((MEMORY.tau - m) / MEMORY.s));
  }

  /** Reads a lesson at `minute` that covers `keys`. */
  read(keys: readonly string[], minute: number): void {
    const psych = this.advance(minute);
    for (const key of keys) this.encounter(this.concept(key), psych, MEMORY.weight.read);
  }

  /** Answers an item at `minute` and sees the feedback: right with the true chance, and either way it is practice. */
  answer(key: string, difficulty: number, minute: number): boolean {
    const right = this.rng.chance(this.trueChance(key, difficulty, minute));
    const psych = this.advance(minute);
    this.encounter(this.concept(key), psych, right ? MEMORY.weight.right : MEMORY.weight.wrong);
    return right;
  }

  /** Answers a probe: drawn from the true chance like any answer, but it teaches nothing. */
  probe(key: string, difficulty: number, minute: number): boolean {
    return this.rng.chance(this.trueChance(key, difficulty, minute));
  }

  private concept(key: string): Concept {
    const concept = this.concepts.get(key);
    if (!concept) throw new Error(`the course has no concept ${key}`);
    return concept;
  }

  private psychAt(minute: number): number {
    if (minute < this.lastMinute) throw new Error(`the test clock went back: ${minute} after ${this.lastMinute}`);
    return this.lastPsych + pauseSeconds(minute - this.lastMinute);
  }

  /** Moves the learner's clock to `minute` (something happens then) and returns its psychological time. */
  private advance(minute: number): number {
    const psych = this.psychAt(minute);
    this.lastMinute = minute;
    this.lastPsych = psych;
    return psych;
  }

  private activation(concept: Concept, psych: number): number {
    let sum = 0;
    for (const e of concept.encounters) if (e.psych <= psych) sum += e.weight * Math.max(psych - e.psych, MEMORY.minAgeSeconds) ** -e.decay;
    return sum > 0 ? Math.log(sum) : -Infinity;
  }

  private encounter(concept: Concept, psych: number, weight: number): void {
    const before = this.activation(concept, psych);
    // With no trace yet the activation is -infinity and the decay is the intercept alone.
    const decay = MEMORY.c * Math.exp(before) + this.decayIntercept;
    concept.encounters.push({ psych, weight, decay });
  }
}
