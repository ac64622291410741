import { describe, expect, it } from 'vitest';
import { parseArgv } from '../../../main/electron/argv.ts';

const packaged = { defaultApp: false, cwd: '/home/ann' };
const dev = { defaultApp: true, cwd: '/home/ann' };

describe('argv', () => {
  it('--verify a b gives both paths, absolute against the working directory', () => {
    expect(parseArgv(['/opt/Notarium/notarium', '--verify', 'a.pdf', '/tmp/b.pdf'], packaged)).toEqual({ verify: ['/home/ann/a.pdf', '/tmp/b.pdf'] });
  });

  it('ignores Chromium and Electron switches mixed in, wherever Chromium put them', () => {
    const argv = [
      '/opt/Notarium/notarium',
      '--original-process-start-time=13370000',
      '--verify',
      '--enable-features=Foo',
      'a.pdf',
      '--no-sandbox',
      'b.pdf',
      '--lang=fr',
    ];
    expect(parseArgv(argv, packaged)).toEqual({ verify: ['/home/ann/a.pdf', '/home/ann/b.pdf'] });
    // Chromium moves switches before positional arguments in a second instance's argv.
    expect(parseArgv(['/opt/Notarium/notarium', '--verify', '--allow-file-access-from-files', 'a.pdf'], packaged)).toEqual({ verify: ['/home/ann/a.pdf'] });
  });

  it('skips the app folder when unpackaged, even after reordering', () => {
    expect(parseArgv(['/usr/lib/electron', '.', '--verify', 'a.pdf'], dev)).toEqual({ verify: ['/home/ann/a.pdf'] });
    expect(parseArgv(['/usr/lib/electron', '--verify', '--inspect=9229', '.', 'a.pdf'], dev)).toEqual({ verify: ['/home/ann/a.pdf'] });
  });

  it('without --verify asks for nothing, except to verify receipts it was opened with', () => {
    expect(parseArgv(['/opt/Notarium/notarium'], packaged)).toEqual({ verify: [] });
    expect(parseArgv(['/opt/Notarium/notarium', 'a.pdf', '--no-sandbox'], packaged)).toEqual({ verify: [] });
    expect(parseArgv(['/usr/lib/electron', '.'], dev)).toEqual({ verify: [] });
    // A receipt double-clicked in the file manager (the .desktop MimeType entry runs `notarium %U`).
    expect(parseArgv(['/opt/Notarium/notarium', '--no-sandbox', 'Downloads/deed.pdf.receipt.json', 'other.pdf'], packaged)).toEqual({
      verify: ['/home/ann/Downloads/deed.pdf.receipt.json'],
    });
    expect(parseArgv(['/usr/lib/electron', '.', '/tmp/x.receipt.json'], dev)).toEqual({ verify: ['/tmp/x.receipt.json'] });
    expect(parseArgv(['/opt/Notarium/notarium', 'file:///home/ann/My%20deed.pdf.receipt.json'], packaged)).toEqual({
      verify: ['/home/ann/My deed.pdf.receipt.json'],
    });
    expect(parseArgv(['/opt/Notarium/notarium', '--verify', 'file:///srv/a%23b.pdf'], packaged)).toEqual({ verify: ['/srv/a#b.pdf'] });
  });

  it('takes --verify=path, names after --, and each path once', () => {
    expect(parseArgv(['/n', '--verify=x.pdf', 'y.pdf', 'x.pdf'], packaged)).toEqual({ verify: ['/home/ann/x.pdf', '/home/ann/y.pdf'] });
    expect(parseArgv(['/n', '--verify', '--', '--odd-name.pdf', '-'], packaged)).toEqual({ verify: ['/home/ann/--odd-name.pdf', '/home/ann/-'] });
  });

  it('--verify with no paths asks for nothing', () => {
    expect(parseArgv(['/n', '--verify'], packaged)).toEqual({ verify: [] });
  });
});
