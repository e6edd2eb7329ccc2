# The portal as one container: build with the dev toolchain, run with production dependencies only,
# as a non-root user, with a health check.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles its native addon when no prebuilt binary can be fetched.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# package.json's postinstall applies these (patch-package) as npm ci installs.
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
RUN groupadd --system portal \
 && useradd --system --gid portal --uid 10001 --home-dir /app portal \
 && mkdir -p /data && chown portal:portal /data
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/server-build ./server-build
USER portal
# The V8 heap's old space, as `npm start` sets it (package.json "config"): see README, "Memory".
ENV NODE_OPTIONS="--max-old-space-size=160"
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "server-build/index.js"]
