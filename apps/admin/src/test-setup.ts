import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait on what the screen shows, not on a clock: a whole app rendering on a busy machine
// can take seconds, so the wait is generous (it ends as soon as the state is there).
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => cleanup());

// jsdom's Blob has no text() (every browser the console supports has it); read through FileReader.
if (!Blob.prototype.text) {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(this);
    });
  };
}
