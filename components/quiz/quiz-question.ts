/** A question as the quiz screen gets it: no right answer, no hint (the server keeps those). */
export type QuizScreenQuestion = { id: number; question: string; options: string[] };
