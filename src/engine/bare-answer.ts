// Whether a decision's answer says anything without its question: "Grub: no" or "Chip Calhoon:
// yes" (karn's "does it flee?", "does it try to notice the flight?") did not, and the GM's
// console says such an answer after its question, as it says the GM's bare rulings.

/** A yes, a no or a bare number, as an option's label says it. */
export const bareWords = (said: string): boolean => /^(?:yes|no|-?\d+(?:\.\d+)?)$/iu.test(said);

/**
 * Whether the decision that chose `value`, its option labelled `label` (if the log keeps it),
 * says nothing without its question: a yes or no, or a number, labelled by no more than itself.
 */
export function bareDecision(value: unknown, label: string | undefined): boolean {
  if (typeof value === "boolean") return label === undefined || bareWords(label);
  if (typeof value === "number") return label === undefined || label === String(value);
  return false;
}
