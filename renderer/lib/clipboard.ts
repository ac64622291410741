/**
 * Puts text on the clipboard. The page is a secure context in both shells (127.0.0.1 in the web
 * shell, app:// in the desktop one, whose session allows only this clipboard permission).
 */
export async function copyText(text: string): Promise<void> {
  await navigator.clipboard.writeText(text);
}
