import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// How long findBy and waitFor wait for a screen to show what a test expects: a bound for a screen
// that never shows it, not a measure of speed. Testing Library's 1 s default failed passing tests
// of Ant Design screens on two cores shared with another CPU-bound process.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
