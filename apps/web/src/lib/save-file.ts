/** The browser's own download of a link under `fileName` (a link clicked for it, then let go). */
export function saveInPage(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
