// Text put on the clipboard, or false where the browser gives the page none: a page served over
// plain http to another machine (the GM's link of `fray serve --host 0.0.0.0`, opened at the
// laptop's address) is no secure context, and has no navigator.clipboard at all, whatever its
// type says; a browser may refuse the write too. The caller then offers the text to copy by hand.

export async function copyText(text: string): Promise<boolean> {
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (clipboard === undefined) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
