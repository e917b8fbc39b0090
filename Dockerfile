# A Taskcast node. `npm start` bundles the sources with esbuild at start-up, so the image holds the sources
# and the production dependencies only.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev
COPY . .
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["npm", "start"]
