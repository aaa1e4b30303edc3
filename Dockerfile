# Production image: builds once, then `npm start` applies migrations and serves through
# scripts/server.ts (the client address from the socket; TRUST_PROXY_HOPS behind a proxy).
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
COPY --from=build /app /app
# Uploaded images when STORAGE_DRIVER=local; mount a volume here (or use S3).
VOLUME ["/app/.data"]
EXPOSE 3000
USER node
CMD ["npm", "start"]
