# Production image (docs/operations.md, "Docker"): Node 24 LTS, only the production
# dependencies, no tsx, running as the unprivileged `node` user. The HTTP server
# (scripts/server.ts: the client address from the socket, the admission gate, health) is
# bundled to plain JavaScript at build time; the container applies pending migrations,
# then serves. Set REDIS_URL when running several instances (cache-handler.mjs).

# 1. Build: every dependency, the Next build, the server bundle.
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server && rm -rf .next/cache

# 2. The production dependencies alone (prisma's CLI is one: it applies the migrations).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. What runs.
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/next.config.ts /app/cache-handler.mjs /app/prisma.config.ts /app/tsconfig.json ./
COPY --from=build /app/.next ./.next
COPY --from=build /app/public ./public
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/lib ./lib
COPY --from=build /app/messages ./messages
COPY --from=build /app/dist ./dist
# Uploaded images when STORAGE_DRIVER=local (one instance only; S3 for several): a volume.
RUN mkdir -p /app/.data && chown node:node /app/.data
VOLUME ["/app/.data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "-c", "node node_modules/prisma/build/index.js migrate deploy && exec node dist/server.mjs"]
