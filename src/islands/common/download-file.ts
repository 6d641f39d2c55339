/** Offers data as a file the browser saves (its own "save as"), from what an island already has in hand. */
export function downloadFile(content: Blob, fileName: string): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Data as a JSON file, indented for reading. */
export const downloadJson = (data: unknown, fileName: string): void => downloadFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
