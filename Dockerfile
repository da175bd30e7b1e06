# Fragewerk as a container: the API serves the built web app, PostgreSQL via DATABASE_URL
# (compose.yaml) or the embedded PGlite in DATA_DIR without it.
#
# The base image is a build argument so that a machine without registry access can build on a
# local stand-in (tools/container/build-stand-in-base.sh); the default is the official image.
ARG NODE_IMAGE=node:24-bookworm-slim

# --- Build: every dependency, then the web app (Vite) and the API (tsc). ----------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first: the install layer stays cached until a dependency changes.
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY engine/package.json engine/
COPY presets/package.json presets/
COPY schemas/package.json schemas/
COPY tests/package.json tests/
COPY tools/package.json tools/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
# What the two builds read, and nothing else: an edit to tests, tools or docs keeps the build
# layer cached.
COPY tsconfig.base.json ./
COPY definitions definitions
COPY schemas schemas
COPY presets presets
COPY engine engine
COPY web web
COPY api/tsconfig.json api/tsconfig.build.json api/
COPY api/src api/src
# The two workspace builds the root `npm run build` runs (through tools/src/build-if-changed.ts,
# which only skips a build whose inputs did not change – in a fresh stage both are due anyway).
RUN npm run build -w web && npm run build -w api

# --- Runtime: production dependencies of the API only, the built files and what the server ----
# reads at run time (the catalogue in definitions/, the workspaces' sources it imports: Node 24
# runs their TypeScript directly).
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY engine/package.json engine/
COPY presets/package.json presets/
COPY schemas/package.json schemas/
COPY tests/package.json tests/
COPY tools/package.json tools/
COPY web/package.json web/
# Only the API workspace (and the workspaces it depends on): the web app is served as built files,
# tests/ and tools/ do not run here. `npm ci` leaves its cache behind; the image does not need it.
RUN npm ci --omit=dev --workspace @fragewerk/api --no-audit --no-fund && rm -rf /root/.npm
COPY definitions definitions
COPY engine/src engine/src
COPY presets presets
COPY schemas schemas
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/web/dist web/dist

# The data folder (mail files without SMTP, logos, the session secret, legal texts, the embedded
# database without DATABASE_URL) belongs to the unprivileged user of the Node image.
RUN mkdir -p /data && chown node:node /data
ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
VOLUME ["/data"]
EXPOSE 3000
USER node

# /readyz answers 200 once the database answers (the slim image has no curl: Node's fetch).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# The flags of `npm start` (api/package.json): a small heap the garbage collector keeps tidy.
CMD ["node", "--expose-gc", "--max-semi-space-size=16", "--max-old-space-size=256", "api/dist/main.js"]
