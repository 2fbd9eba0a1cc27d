import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";

// /api/auth/* – next-auth's browser sign-in, session and sign-out endpoints
type Segment = { params: Promise<{ nextauth: string[] }> };

function handler(request: Request, segment: Segment) {
  return NextAuth(authOptions())(request, segment);
}

export { handler as GET, handler as POST };
