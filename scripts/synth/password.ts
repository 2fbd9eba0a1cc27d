/** The one password of every synthetic account (a benchmark data set: not a secret). */
export const SYNTH_PASSWORD = "synth-password";
