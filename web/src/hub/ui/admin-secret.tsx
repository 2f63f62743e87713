import { createSignal } from "solid-js";
import "./admin-form-dialog.css";

/**
 * A secret the Hub answers once (a Server's auth_token, a password just set): shown whole and
 * selectable, with a Copy button. When the browser refuses the clipboard, the text is selected
 * so Ctrl+C copies it, and the button says so.
 */
export function AdminSecret(props: { testid: string; value: string; label: string }) {
  const [copied, setCopied] = createSignal<"copied" | "select">();
  let code: HTMLElement | undefined;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      setCopied("copied");
    } catch {
      const range = document.createRange();
      if (code) range.selectNodeContents(code);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      setCopied("select");
    }
  };
  return (
    <div class="admin-secret">
      <code ref={code} data-testid={props.testid}>
        {props.value}
      </code>
      <button
        type="button"
        data-testid={`${props.testid}-copy`}
        aria-label={`Copy the ${props.label.toLowerCase()}`}
        onClick={() => void copy()}
      >
        {copied() === "copied" ? "Copied" : copied() === "select" ? "Press Ctrl+C" : "Copy"}
      </button>
    </div>
  );
}
