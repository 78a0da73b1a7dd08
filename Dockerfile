# PDF service: Debian bookworm + Node 20, native tools installed by the same
# script as on a bare machine (scripts/install-tools.sh).
FROM node:20-bookworm-slim

WORKDIR /app
COPY scripts/install-tools.sh scripts/install-tools.sh
RUN bash scripts/install-tools.sh && rm -rf /var/lib/apt/lists/*

# Native module (better-sqlite3) builds from source where no prebuilt binary can be fetched.
# tini as PID 1: a tool killed with its group can leave grandchildren (Tesseract under a
# killed OCRmyPDF) adopted by PID 1, and node does not reap adopted zombies.
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 make g++ tini && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# Exactly the committed lock (see scripts/setup.sh).
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src src
COPY bin bin
COPY native native
COPY scripts/build-native.sh scripts/build-native.sh
# The spawn helper (native/spawn-helper.c) is compiled with the g++ toolchain installed above.
RUN npx tsc -p tsconfig.json && bash scripts/build-native.sh && npm prune --omit=dev

RUN useradd --system --create-home --uid 10001 pdf && mkdir -p /data && chown pdf /data
USER pdf
ENV HOST=0.0.0.0 PORT=8080 DATA_DIR=/data NODE_ENV=production
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "bin/pdf-service", "serve"]
