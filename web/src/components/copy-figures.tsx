// A panel's _Copy for a spreadsheet_: its figures, tab-separated (figures.ts), put on the
// clipboard, to paste beside the last run's in a spreadsheet; where the browser gives the page no
// clipboard (a page served over plain http to another machine is no secure context), the same
// text in a box, selected, to copy by hand. Made when pressed, from the panel's result now.
import { useState } from "react";
import { copyText } from "../clipboard.js";
import { tabSeparated, type Cell } from "../figures.js";

export function CopyFigures({
  figures,
  what,
}: {
  /** The rows to copy, worked out when the button is pressed. */
  readonly figures: () => readonly (readonly Cell[])[];
  /** What they are, for the line that says they were copied ("the 2,000 fights' figures"). */
  readonly what: string;
}) {
  const [copied, setCopied] = useState<"no" | "yes" | "by hand">("no");
  const [text, setText] = useState("");
  const copy = async () => {
    const made = tabSeparated(figures());
    setText(made);
    setCopied((await copyText(made)) ? "yes" : "by hand");
  };
  return (
    <div className="copy-figures">
      <button onClick={() => void copy()}>Copy for a spreadsheet</button>{" "}
      <span role="status">
        {copied === "yes" ? `Copied ${what}, a cell a tab: paste them into a spreadsheet.` : ""}
      </span>
      {copied === "by hand" ? (
        <label className="copy-figures-by-hand">
          This browser lets the page copy nothing: select the figures below and copy them.
          <textarea
            readOnly
            value={text}
            rows={8}
            ref={(box) => box?.select()}
            onFocus={(e) => e.target.select()}
          />
        </label>
      ) : null}
    </div>
  );
}
