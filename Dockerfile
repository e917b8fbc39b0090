# A Taskcast node. The build stage bundles the server (`npm run build`: dist/server/main.mjs, what the published
# package's `taskcast serve` runs), with esbuild and TypeScript, which are development dependencies; the image
# holds that build, the data it reads and the production dependencies only (pg, ioredis and bcrypt included).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev
COPY --from=build /app/dist ./dist
COPY adapters/forecast/embedded/data ./adapters/forecast/embedded/data
COPY adapters/persistence/postgres/migrations ./adapters/persistence/postgres/migrations
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["node", "dist/bootstrap/cli/cli.js", "serve"]
