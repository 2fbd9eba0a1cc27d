# syntax=docker/dockerfile:1
# Two runtime images from one build, running exactly what `npm start` runs (dist/, compiled by
# `npm run build`): `web` (node dist/server.mjs: Next.js pages and the JSON API on one port) and
# `worker` (node dist/worker.mjs; also runs migrations and the seed for compose's `migrate`).
# Both run as the unprivileged `node` user, with production dependencies only.
# `npm run test:selfhost` assembles the runtime stage from these lines and runs its CMDs.

ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
# Not `npm ci --omit=dev`: better-auth names drizzle-kit and vitest as optional peers, so npm counts
# those dev tools (and tsx, vite) as optional production packages. With devDependencies removed
# from the manifest no one needs them; the lockfile still pins every version that is installed.
RUN npm pkg delete devDependencies && npm install --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build && rm -rf .next/cache && mkdir -p public

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/next.config.ts ./next.config.ts
COPY --from=build --chown=node:node /app/lib/platform/http/security-headers.ts ./lib/platform/http/security-headers.ts
COPY --from=build --chown=node:node /app/lib/platform/navigation/unknown-path.ts ./lib/platform/navigation/unknown-path.ts
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/.next ./.next
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/db/migrations ./db/migrations
COPY --from=build --chown=node:node /app/db/seed/topics.yaml ./db/seed/topics.yaml
COPY --from=build --chown=node:node /app/db/seed/courses ./db/seed/courses
USER node

FROM runtime AS web
ENV PORT=3000 HOSTNAME=0.0.0.0
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/server.mjs"]

FROM runtime AS worker
ENV WORKER_HEALTH_PORT=3001
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.WORKER_HEALTH_PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/worker.mjs"]
