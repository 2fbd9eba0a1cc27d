import type { ChangeOrigin } from "@/lib/accounts/two-factor-notices";

/** Where an account change came from, for the owner's e-mail: the address the server decided and the browser it named. */
export function originOf(c: { var: { clientAddress: string }; req: { header(name: string): string | undefined } }): ChangeOrigin {
  return { address: c.var.clientAddress, userAgent: c.req.header("user-agent") ?? "" };
}
