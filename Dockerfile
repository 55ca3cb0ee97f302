# Carbonledger production image (docs/deploy.md): one image, the process kind chosen by ROLE.
# Build:  docker build -t carbonledger .
# Stage 1 compiles the web app (vite) and the API (apps/api/build.mjs: one ESM bundle per entry,
# the workspace packages bundled in); stage 2 holds the compiled JS and production dependencies only.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/chain/package.json packages/chain/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages packages
COPY apps apps
RUN npm run build -w @carbonledger/web && npm run build -w @carbonledger/api

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/carbonledger
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/chain/package.json packages/chain/
# The workspace packages are bundled into the API; only third-party runtime packages are installed.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /var/lib/carbonledger && chown node:node /var/lib/carbonledger
USER node
EXPOSE 3000
# Liveness only: readiness (/api/v1/health/ready) is for the load balancer, which must stop
# sending to a draining process without the orchestrator restarting it.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node directly (not npm) so that SIGTERM reaches the server and its graceful shutdown runs.
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
