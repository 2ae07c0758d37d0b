// Roll labels per combatant name, built once ("Tombril's damage"), so the hot path does not
// build a string for every roll.
export interface Labels {
  readonly damage: string;
  readonly stamina: string;
  readonly awareness: string;
  readonly dexterity: string;
  readonly strength: string;
}

const cache = new Map<string, Labels>();

/** Two recent names and their labels (turns alternate between two combatants in a duel). */
const recentName: (string | undefined)[] = [undefined, undefined];
const recentLabels: (Labels | undefined)[] = [undefined, undefined];
let replace = 0;

export function labelsFor(name: string): Labels {
  if (name === recentName[0]) return recentLabels[0]!;
  if (name === recentName[1]) return recentLabels[1]!;
  const l = cached(name);
  recentName[replace] = name;
  recentLabels[replace] = l;
  replace = 1 - replace;
  return l;
}

function cached(name: string): Labels {
  let l = cache.get(name);
  if (l === undefined) {
    l = {
      damage: `${name}'s damage`,
      stamina: `${name}'s stamina spent on the shot`,
      awareness: `${name}'s AWA check`,
      dexterity: `${name}'s DEX check`,
      strength: `${name}'s STR check`,
    };
    cache.set(name, l);
  }
  return l;
}
