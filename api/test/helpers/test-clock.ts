/** Where every test gateway's manual clock starts, on Node and on workerd: 2026-01-15 12:00 UTC. */
export const TEST_CLOCK_START = Date.UTC(2026, 0, 15, 12, 0, 0);
