import { Menu, nativeImage, Tray } from 'electron';
import type { Translate } from '../../preload/i18n/message-types.ts';
import { translator } from '../../preload/i18n/translator.ts';

/**
 * The tray icon: how many files are still on their way to a block (a batch's each), at a glance, while
 * the window is closed or hidden. On macOS a plain seal drawn as a template image (black and
 * alpha), which the menu bar tints; elsewhere nothing tints it (a template image is drawn as it is,
 * black, invisible on a dark panel), so Linux and Windows get the product icon in its colours.
 */

// 16×16 and 32×32 (@2x) PNG of the seal glyph.
const ICON_1X =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAa0lEQVR42q1TyQ0AIQhkG6NSWrEVWnGJ4WFwEbMjyXw4hptoFTaIQQ3doa5j2sjjTr2AuO8S3IJjlNnWIolsAjMimXs+DY4kXGWv9KMKPeg5s2uWJdvAZ3UwAdwCPER4jfAhXTll+Jl+v/MLcZtxQZn3nxQAAAAASUVORK5CYII=';
const ICON_2X =
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAA2ElEQVR42s1X0RHDIAhlio7gSKzCCK7gbK7gEKm9I3dtTxowWuDu/SSG907xBQDskTqwgzoyg/hZgk2RmKh2HBeovHaJmEdHUZBKKJxjKl5b2m6Qn2icyxSkTH6GZi2tINfGtAi8SawRgr8Kri0kl0Q0qTDLBnJJRBnd813kkogPn8gOAvL7y2okn70l3445tf1ab1AfAxqSHEaDuvoeJeP5lwAaFSBsFACjQnQX4H4E7kXofg3djSiEFbv/jNx/xyEaEveWLERTGqItDzGYhBjNQgyn28fzJ5pgpczrgpe/AAAAAElFTkSuQmCC';

// 16×16 and 32×32 PNG of the product icon (build/icon.svg, rendered as scripts/make-icons.ts does).
const COLOUR_1X =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAC30lEQVR4nH2TS0hUYRTH/9fHFOO8nBmihzEOYlkGTuSiAmFEA3GRj1qUtXBhIK3GXqt27Yxydi0ichHSQnQMyspI6SWB4GikiY4zo45v5+F4Z3Tuvd/X8QqmKP0253K///l958K5Av6D0+U3UUGf2x6lsi97BJfuzzgkSaniilzPFMUELkNRWBRMaYXAun48P+ul2Da7BOVNoSqZSW6LDrnmgxzaAxyMcySSMuZXU1gOJwMkcf18eb6L4irbgrK7s9WKLHXmmBldJiIWT0GkRq4Ael0mjPp0JDcYgiGRmljpwKuSPhCqQB07JVOzkptKRBGYW8Nqgg52oNcC9mNZkCUO30w8IKQJNd62Uq8qcLqCLquOt2SwBfiCccRERm93c8qux/S8iHybFisRCYsryabh9gq34HRFTFwO9+ZZU47Q4hx80yLFd1NbloOHDYVwNnzGIYsGJr0Gv8Zj3kxFW6pOUHJ7LFB0JGkbGJ3CYiSF2nIbOj4F6QS4Qs/Nd4rR+KgfPf2zOJx9AIUnsvHNGw6Oei7nCpRBSeOo/8yRRO7AyCSWIxt4+6wSvyfC6Ojxo+1xOR486Uf7x0lKAketB1GQb8X3wUjgz5saO32C3yQlxL68w+tFoZAfE/5VGHQavH5aidN5Ztxr/or2D+PUukW+3QCTwYjh8dUhbUa6U53gQsOQy2JIa9FIPoxMLEBMKDCS5GpFAV60D1NiC31WBk7aLViKa7C0JDaNdV9zq4KLtwYdiiR7jpplW2ptEr6pMOJxmU7+YdRnIu+4GRswIDATD3KBVY+/u+FVBZsU1/c7ucx6c6y0OeshxGJxRGIJpAmcbtYiO1uHpGKAnxaJc1468f56H4htwSbnbn6hbZTdFmO6zZyVgFYjQ0gDbSWwGAWWlteCCrjL113nobjKLsEmjrpeh5xar+aM1TMmmzhntM5KlDOplf4Mz+bYFNtmj2AnjupOExV4PTVRKvvyF2CJVq6PQcaHAAAAAElFTkSuQmCC';
const COLOUR_2X =
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAHdElEQVR4nMVXbXBU1Rl+9jO72U12+Z4RNCEiYETZtJRQis3SRMjI1CZUlNCqaFtbnSrJDJZ22hmWX+qI03Sm7WB/lOhUfwjW0IIGaMpmqolY2iwmBMgH2UBKAgnJ5jvZ3XtOn3MXNm5I8+F0xid77z33nnPe5znve857Tgz4kvGFBHiLW9MBuP2lSwN8wvt8owdCC/kP3BvELDFrAd4XW31SiL1SSkgIP8uAlF71DilKPv7DqlI2mzGmFZD/8470sdHIQalIhAhCinSWIaXgpZPqz/g7RJDt0lnhh8Xw9CcHsoKYAtMK+FbxlVIhxS4apc0YyUK3ES6nEQ6bQX8fHI6idyCCazfCfI+1UU/e9n1a9jUfpsCkAgp8ve6B/sGDQkg3jXmkEG5FvvZeG5YvsaArNIahEQ0DQ5puwOkwwWk3YW6qCedbh1Bd16fI+RMh3gPsH0ox2Z/2l2WF2DwBqv9tyC1pL+Oon5LKCEd+z2ITNmbZceL0DQSvDmNsTMJgNMBokjBKAyKa4pNITjIi7Q4bctfMQUVNFy62DfG77gle2pv/evubOzEBkwrYWHzZT4M5ijwzzYwUWxiVp6/DajUhEuXU43dFqvEy0ILRCJj5tJiNLBsQ1QTy1s5DR/cI6psHICmCV1XtOzleTAC7jeOhl9o9WkTsElIWkNytyOc5RnD0H9dhJsNYWNA4G04BE8U4k016iAq8i3C5YxifNfVxxcgQhCyHDSWBso3xUCQI2FjcVktveUhOtxsxJ3kUJ2o6YbMY0DdEV84CqZwXylt52fN1EReC/QyDCoUInH33oSw20ZEgwLurjZ4iEV32oy0O7C9r0Ec+MDzNsP8HlCekkPjp9rvxm3eaya9CIVF3aFOcN15Q8L7QGmCj1WtXWtHZ0amrHhyJ6LGeKfKyF+KOhXa89dc2iqcIuxkrl6bCwedHtd0MhThbfyjfw6Y64gKY4fZy9D6l8Ht5NHDkPIZHo1zjM2ffmrsEr7z4AEvAE7/8BKfre+CgF5w2Mx7PT8Mbh1t070JKX/2ft+xjs5gA5naPjArGX2LBHCM86WG8f7IZ4ajAKJfcTLA19068WhwL7fnWPnz/F9XoH4ogyWpAksWIgty7UHWmG51cGZIiDNKYda58SyAuQEQ0ChBYfqcV8+0h/K3msu7+aJQNpkFmhgt/evlBpDqtTE4RfPuFSrRfG2YNl6ceBgtysxfj0n+G0XApRAHMH9AooDAmQOHB5xv9rMj5ynIbxvqv4ExDF3r7IqyJ4VfPrsbiRQ7s+fU/0T84/j3zbjfefiUnTr5jjx8NLSHWxGAyAfNcSVi9Yh7Gokacruum27UjDeWFBaxm+SY2PHfhFLjhZC23U8BlnDl3Hb39YdbEcKmiiHfQeC9JKnURSyjo6O/ydfL+oTB2/Ozvev3nMS5gAQWY8GldF7/K8vNHCgtZiAlQ+3lUqBDImyHowcmPWxmCcDwEj27KwGu717OkRPTgx74qvOHLoQfm8gv09xPVV1hKhApBSrIVuevuwqWro+yrQiBgNqk5cDMESkBEi1KA4E5nRlbGCA5/UM9JKDkJNbaI4dHNy7D/pQ0sJWL3ax/h8PFmlm5HEtO3moTf3bwCp/RJOEwBnANm09IL5YVBXYDC+mfrfPy+Vy2TJzY5cfDdGqbTCJdhlLXj2Lb5Huzfk8NSDLtfrcKh400sTQ5nsoWT0IyiRx7AgUNNUOTcRfY1Hn3cByIuQGH9DwO13Ac82ZnJ6GhvpLu6MMiJpWmq0zi25a/A63u8+ON7dfD9tppfJofKosr9mcvmI9nhYiK6zvCLQOOxx7JYrSNBwLofMApUqELx3HdcePn3lTRi5IQLs3b2UJNT7Zwlz3wDr791UZHzJ9D04fY4b7ygkP3Mv/VUTAVYtsSMhY5e/OXkOSQzk/X2j7HFzOFyJnH31PBI7ko0X9VwMcgdkeS0fbaposjDJjoSBKz7SW26GI34JNR2LF33LU3CAns33qs4B6vFhJExlZgSwzERymMq8agV9NjD96P1mgF1jT2KnApkucNmKw6UF4bYVEeCgFtY82SNn6HIAT2xKsMGl6UbH5yqh8VkhsZRcMkizNGxWoc6lKjDitlkgtHAHMf6h72ZaO8x3yJnW1nVXFHkxQSw6+346pPVZTw8PMVwsKNKz0nIW+PEcf9naAl2cZMKk1SdfmiAJyCNewaPcJzxNmSkzUfehkweYjrRyN30Jjn492ZLxY6dmIBJBXh31roHIkNlQmpuCvDQgItW8PX7U7EyzYqeG73oGxxBKNTP1vwPxZWC1BQ75rhTUd8yyNnObEdBJO9j3wDJgyk2e4Lrb2FSAZ+Hp6iylLZ2UQg10BSfi+ZaMCfFyhHzwMFvA0zDN0Kj8SRDZv548VhOt/swBaYXsP1UuhDRMhrLkVJrg5RpkiRKiHqSSX/eejdI0callyalrGIW3nmhoiiIKTCtgIlYtfWYj/HeK0nGjFZFXhKLHMl3g5QlF49tK2XFjDFrAQqegg/TIxh1q82Er7iv4H2PBoRUbscs8YUE/D/xX5ZeFF09lLV1AAAAAElFTkSuQmCC';

const english = translator('en');

/** The tooltip for a pending count, in the system's language (English unless given). */
export function trayTooltip(pending: number, t: Translate = english): string {
  if (pending <= 0) return t('desktop.trayNothing');
  return t('desktop.trayPending', { count: pending });
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
  /** Its menu and tooltip in another language (the page's changed). */
  setWords(t: Translate): void;
  destroy(): void;
}

export function createTray(actions: TrayActions, platform: NodeJS.Platform = process.platform, t: Translate = english): PendingTray {
  const macOS = platform === 'darwin';
  const [x1, x2] = macOS ? [ICON_1X, ICON_2X] : [COLOUR_1X, COLOUR_2X];
  const icon = nativeImage.createFromDataURL(`data:image/png;base64,${x1}`);
  icon.addRepresentation({ scaleFactor: 2, dataURL: `data:image/png;base64,${x2}` });
  icon.setTemplateImage(macOS);
  const tray = new Tray(icon);
  let pending = 0;
  const setPending = (count: number): void => {
    pending = count;
    tray.setToolTip(trayTooltip(count, t));
    if (macOS) tray.setTitle(trayTitle(count));
  };
  const setWords = (words: Translate): void => {
    t = words;
    tray.setContextMenu(
      Menu.buildFromTemplate([{ label: t('desktop.open'), click: actions.open }, { type: 'separator' }, { label: t('desktop.quit'), click: actions.quit }]),
    );
    setPending(pending);
  };
  tray.on('click', actions.open);
  setWords(t);
  return { setPending, setWords, destroy: () => tray.destroy() };
}
