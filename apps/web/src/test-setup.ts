import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait on what the screen shows, not on a clock: a whole app rendering on a busy machine
// can take seconds, so the wait is generous (it ends as soon as the state is there).
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => cleanup());
