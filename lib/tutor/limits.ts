/** The longest message a learner may send the tutor: a constant apart from the schema, so the browser can use it without zod. */
export const TUTOR_MESSAGE_MAX = 2000;
