import type { IncomingMessage, ServerResponse } from "node:http";
import type { Caller } from "@/lib/accounts/auth/caller";

/* What the Hono app carries per request: the Node request and response, and what middleware decided. */

export type Bindings = { incoming?: IncomingMessage; outgoing?: ServerResponse };

export type Variables = {
  /** Who is calling, for per-address limits: decided from the socket (lib/platform/http/client-address.ts). */
  clientAddress: string;
  /** The signed-in caller of an API endpoint (null on a public one without a credential). */
  caller: Caller | null;
};

export type ApiEnv = { Bindings: Bindings; Variables: Variables };
