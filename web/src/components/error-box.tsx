// A refused request, as the API explains it: what went wrong, where, and what would fix it.
import { ApiError } from "../api.js";

export function ErrorBox({ error }: { readonly error: Error | null }) {
  if (error === null) return null;
  const body = error instanceof ApiError ? error.body : { error: error.message };
  // A message that opens with its place ("Brannoc's strike … against Chip's block: 25 is not a
  // face of a d20") says it once, under "where": on a phone the label twice filled the screen.
  const opening = body.where === undefined ? "" : `${body.where}: `;
  const message =
    opening !== "" && body.error.startsWith(opening)
      ? body.error.slice(opening.length)
      : body.error;
  return (
    <div className="error" role="alert">
      <div className="error-message">{message}</div>
      {body.where === undefined ? null : (
        <div className="error-where">
          where: <code>{body.where}</code>
        </div>
      )}
      {body.hint === undefined ? null : <div className="error-hint">hint: {body.hint}</div>}
    </div>
  );
}
