import { z } from "zod";

/*
 * zod for the schemas forms share with the API. In the browser zod must not compile object parsers
 * with `new Function`: the Content-Security-Policy has no 'unsafe-eval', and even zod's probe for it
 * is reported as a violation. The server keeps the faster compiled parsers (no policy applies there).
 */
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
