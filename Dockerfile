# Vitrine on a long-lived host: `docker compose up` (compose.yaml) runs it with
# PostgreSQL 17. Build: docker build -t vitrine .
# npm install, not npm ci: the lock file is made on a registry that lacks some
# other platforms' optional packages (see the README).

FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json .npmrc prisma.config.ts ./
COPY prisma ./prisma
# postinstall generates the Prisma client (no native engine needed).
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
# Then only what runs in production stays: the build cache and the
# development packages (test runners, browsers' tools, the Prisma CLI) go.
# tsx is a dependency: the operations scripts below run with it.
RUN npm run build \
 && rm -rf .next/cache \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOSTNAME=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
RUN groupadd --system vitrine \
 && useradd --system --gid vitrine --home-dir /app --shell /usr/sbin/nologin vitrine \
 && mkdir -p /data && chown vitrine:vitrine /data
# The built app with its node_modules: `npm start` (server.mjs) and the
# operations scripts (npm run db:migrate, admin, backup) run from here.
COPY --from=build --chown=vitrine:vitrine /app/package.json /app/package-lock.json /app/server.mjs /app/sender.mjs /app/next.config.ts /app/tsconfig.json ./
COPY --from=build --chown=vitrine:vitrine /app/node_modules ./node_modules
COPY --from=build --chown=vitrine:vitrine /app/.next ./.next
COPY --from=build --chown=vitrine:vitrine /app/public ./public
COPY --from=build --chown=vitrine:vitrine /app/prisma ./prisma
COPY --from=build --chown=vitrine:vitrine /app/lib ./lib
COPY --from=build --chown=vitrine:vitrine /app/components ./components
COPY --from=build --chown=vitrine:vitrine /app/scripts ./scripts
USER vitrine
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# server.mjs applies pending migrations at start, drains on SIGTERM.
CMD ["node", "server.mjs"]
