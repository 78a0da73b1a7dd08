# PDF service image: Debian bookworm + Node 20, native tools installed by the same script as on
# a bare machine (scripts/install-tools.sh). Two stages: the compilers, headers and development
# npm packages stay in the build stage; the runtime stage has the tools the service runs.
# Built and checked end to end by `npm run test:docker` (scripts/docker/check.sh).

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY scripts/install-tools.sh scripts/install-tools.sh
# gcc/g++/make/python3 for better-sqlite3 (where no prebuilt binary can be fetched) and the
# spawn helper; libqpdf-dev so the helper runs qpdf jobs in-process.
RUN bash scripts/install-tools.sh build && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# Exactly the committed lock.
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src src
COPY native native
COPY scripts/build-native.sh scripts/build-native.sh
# The bundled tool scripts (Python, MuPDF JavaScript) go beside the compiled modules that run them.
RUN npx tsc -p tsconfig.json && bash scripts/build-native.sh \
  && (cd src && find . -type f \( -name '*.py' -o -name '*.js' \) -exec cp --parents {} ../dist/ \;) \
  && npm prune --omit=dev --no-audit --no-fund \
  && (cd node_modules/better-sqlite3 && rm -rf deps src build/deps build/Release/obj build/Release/obj.target build/Release/.deps build/Release/test_extension.node)

FROM node:20-bookworm-slim
WORKDIR /app
COPY scripts/install-tools.sh /tmp/install-tools.sh
COPY scripts/docker/dpkg-slim.cfg /etc/dpkg/dpkg.cfg.d/pdf-service-slim
# tini as PID 1: a tool killed with its group can leave grandchildren (Tesseract under a killed
# OCRmyPDF) adopted by PID 1, and node does not reap adopted zombies.
RUN bash /tmp/install-tools.sh runtime \
  && apt-get update -qq && apt-get install -y -qq --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /tmp/install-tools.sh /usr/share/doc/* /usr/share/man/*
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY bin bin
# A user of its own (uid and gid 10001, outside the system range so nothing on a host maps to
# it); `pdf-service` on PATH for `docker exec … pdf-service keys create`.
RUN groupadd --gid 10001 pdf && useradd --uid 10001 --gid pdf --no-log-init --create-home pdf \
  && ln -s /app/bin/pdf-service /usr/local/bin/pdf-service \
  && mkdir -p /data && chown pdf:pdf /data
USER pdf
ENV HOST=0.0.0.0 PORT=8080 DATA_DIR=/data NODE_ENV=production
VOLUME /data
EXPOSE 8080
# SIGTERM drains: running requests and jobs get SHUTDOWN_GRACE (25 s), then jobs go back to the
# queue. Docker's own default wait before SIGKILL is 10 s: run with --stop-timeout 35 (README).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "bin/pdf-service", "serve"]
