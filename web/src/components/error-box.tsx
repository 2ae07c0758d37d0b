// A refused request, as the API explains it: what went wrong, where, and what would fix it.
import { ApiError } from "../api.js";

export function ErrorBox({ error }: { readonly error: Error | null }) {
  if (error === null) return null;
  const body = error instanceof ApiError ? error.body : { error: error.message };
  return (
    <div className="error" role="alert">
      <div className="error-message">{body.error}</div>
      {body.where === undefined ? null : (
        <div className="error-where">
          where: <code>{body.where}</code>
        </div>
      )}
      {body.hint === undefined ? null : <div className="error-hint">hint: {body.hint}</div>}
    </div>
  );
}
