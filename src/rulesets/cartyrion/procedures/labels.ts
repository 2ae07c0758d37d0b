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

export function labelsFor(name: string): Labels {
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
