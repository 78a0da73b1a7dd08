// `npm run test:docker` (scripts/docker/check.sh): the built image, end to end. Not part of
// `npm test`: building the image takes minutes and needs a Docker daemon.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/docker/**/*.check.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 1,
    minWorkers: 1,
    reporters: ['default'],
  },
});
