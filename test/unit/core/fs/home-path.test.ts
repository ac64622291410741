import { describe, expect, it } from 'vitest';
import { expandHome } from '../../../../main/core/fs/home-path.ts';

describe('expandHome', () => {
  it('reads a leading ~ as the home folder, as a shell would have', () => {
    expect(expandHome('~', '/home/ada')).toBe('/home/ada');
    expect(expandHome('~/Docs', '/home/ada')).toBe('/home/ada/Docs');
    expect(expandHome('~/Docs/../Mail', '/home/ada')).toBe('/home/ada/Mail');
  });

  it('leaves every other path as it is: ~user, a ~ inside a name, relative and absolute paths', () => {
    for (const path of ['~ada/Docs', 'Docs/~', 'a~b', './~', '/srv/~/x', 'Docs']) expect(expandHome(path, '/home/ada')).toBe(path);
  });
});
