import { Menu, nativeImage, Tray } from 'electron';

/**
 * The tray icon: how many files are still on their way to a block (a batch's each), at a glance, while
 * the window is closed or hidden. The glyph is a plain seal drawn as a template image (black and
 * alpha) so macOS tints it; packaging may replace it with the product icon.
 */

// 16×16 and 32×32 (@2x) PNG of the seal glyph.
const ICON_1X =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAa0lEQVR42q1TyQ0AIQhkG6NSWrEVWnGJ4WFwEbMjyXw4hptoFTaIQQ3doa5j2sjjTr2AuO8S3IJjlNnWIolsAjMimXs+DY4kXGWv9KMKPeg5s2uWJdvAZ3UwAdwCPER4jfAhXTll+Jl+v/MLcZtxQZn3nxQAAAAASUVORK5CYII=';
const ICON_2X =
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAA2ElEQVR42s1X0RHDIAhlio7gSKzCCK7gbK7gEKm9I3dtTxowWuDu/SSG907xBQDskTqwgzoyg/hZgk2RmKh2HBeovHaJmEdHUZBKKJxjKl5b2m6Qn2icyxSkTH6GZi2tINfGtAi8SawRgr8Kri0kl0Q0qTDLBnJJRBnd813kkogPn8gOAvL7y2okn70l3445tf1ab1AfAxqSHEaDuvoeJeP5lwAaFSBsFACjQnQX4H4E7kXofg3djSiEFbv/jNx/xyEaEveWLERTGqItDzGYhBjNQgyn28fzJ5pgpczrgpe/AAAAAElFTkSuQmCC';

/** The tooltip for a pending count. */
export function trayTooltip(pending: number): string {
  if (pending <= 0) return 'Notarium — nothing pending';
  return `Notarium — ${pending} file${pending === 1 ? '' : 's'} pending`;
}

/** The text beside the icon in the macOS menu bar: the count, or nothing. */
export function trayTitle(pending: number): string {
  return pending > 0 ? String(pending) : '';
}

export interface TrayActions {
  open: () => void;
  quit: () => void;
}

export interface PendingTray {
  setPending(count: number): void;
  destroy(): void;
}

export function createTray(actions: TrayActions): PendingTray {
  const icon = nativeImage.createFromDataURL(`data:image/png;base64,${ICON_1X}`);
  icon.addRepresentation({ scaleFactor: 2, dataURL: `data:image/png;base64,${ICON_2X}` });
  icon.setTemplateImage(true);
  const tray = new Tray(icon);
  tray.setContextMenu(
    Menu.buildFromTemplate([{ label: 'Open Notarium', click: actions.open }, { type: 'separator' }, { label: 'Quit Notarium', click: actions.quit }]),
  );
  tray.on('click', actions.open);
  const setPending = (count: number): void => {
    tray.setToolTip(trayTooltip(count));
    if (process.platform === 'darwin') tray.setTitle(trayTitle(count));
  };
  setPending(0);
  return { setPending, destroy: () => tray.destroy() };
}
