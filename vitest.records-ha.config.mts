import { defineConfig } from 'vitest/config';

/**
 * `npm run test:records-ha` alone: the shop service's replicas on a Patroni cluster whose
 * primary is killed (tests/services/shop/records-ha.test.ts). It starts three etcd members,
 * three PostgreSQL nodes and three services and times a failover, so it runs by itself,
 * not beside the unit suites (vitest.config.mts leaves it out).
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/services/shop/records-ha.test.ts'],
    maxWorkers: 1,
  },
});
