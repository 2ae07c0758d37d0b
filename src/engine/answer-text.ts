// Decisions answered with short strings "verb[:target[:item]]" (an action and what it acts on):
// writing them and reading them back, both cached, since simulation answers and reads the same
// few strings over and over.

const texts = new Map<string, Map<string, Map<string, string>>>();

/**
 * The answer "verb:target:item" (an empty target or item left out, `suffix` appended), interned:
 * the same parts give the same string object, so that reading it back hits the reader's cache
 * without hashing the text again.
 */
export function answerText(verb: string, target = "", item = "", suffix = ""): string {
  const head = `${verb}${suffix}`;
  let byTarget = texts.get(head);
  if (byTarget === undefined) texts.set(head, (byTarget = new Map()));
  let byItem = byTarget.get(target);
  if (byItem === undefined) byTarget.set(target, (byItem = new Map()));
  let text = byItem.get(item);
  if (text === undefined) {
    text = `${verb}${target === "" ? "" : `:${target}`}${item === "" ? "" : `:${item}`}${suffix}`;
    if (byItem.size < 256) byItem.set(item, text);
  }
  return text;
}

/**
 * The verb, target and item of the answer `text.slice(0, end)` ("" for a part it does not have);
 * the item keeps any further ":".
 */
export function answerParts(
  text: string,
  end = text.length,
): [verb: string, target: string, item: string] {
  const a = text.indexOf(":");
  if (a < 0 || a >= end) return [text.slice(0, end), "", ""];
  const b = text.indexOf(":", a + 1);
  if (b < 0 || b >= end) return [text.slice(0, a), text.slice(a + 1, end), ""];
  return [text.slice(0, a), text.slice(a + 1, b), text.slice(b + 1, end)];
}

/** `read`, remembering what it read for up to `limit` answers (then it starts afresh). */
export function cachedReader<T>(read: (text: string) => T, limit: number): (text: string) => T {
  const readings = new Map<string, T>();
  return (text) => {
    let reading = readings.get(text);
    if (reading === undefined) {
      reading = read(text);
      if (readings.size > limit) readings.clear();
      readings.set(text, reading);
    }
    return reading;
  };
}
