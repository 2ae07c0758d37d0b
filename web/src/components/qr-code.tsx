// A QR code of a player's link, drawn by the GM's laptop for a phone at the table to scan
// (docs/console.md, "The players' screens"): uqr encodes the text into the code's squares;
// they are drawn here as one SVG path, so the page needs no inner HTML and scales it sharply.
import { encode } from "uqr";

/** The SVG path of the dark squares of a QR code (row by row, one unit each). */
export function qrPath(data: readonly (readonly boolean[])[]): string {
  let d = "";
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return d;
}

export function QrCode({ text, label }: { readonly text: string; readonly label: string }) {
  // Level M recovers 15% of the squares (a phone's camera at an angle, a smudged screen); the
  // four squares of quiet zone round it are what QR readers expect.
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={qrPath(data)} fill="#000" />
    </svg>
  );
}
