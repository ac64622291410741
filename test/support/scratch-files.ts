import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A writer of files into a test's own folder: `file(name, text)` writes one and returns its path. */
export function fileWriter(folder: string): (name: string, text: string) => string {
  return (name, text) => {
    const path = join(folder, name);
    writeFileSync(path, text);
    return path;
  };
}
