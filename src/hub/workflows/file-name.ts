import { WORKFLOW_FILE_SUFFIX } from "./schemas";

/** Names Windows reserves for devices, with any extension ("CON.weft.json" cannot be saved). */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX_BASE = 100;

/**
 * The base of a download's file name from a workflow's name: no path separators, control
 * characters or characters Windows refuses, no leading or trailing dots and spaces, at most
 * 100 characters, never empty and never a device name. Other characters (accents, CJK) stay.
 */
export function safeBaseName(name: string): string {
  const cleaned = name
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, "_")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  const base = Array.from(cleaned).slice(0, MAX_BASE).join("").trim() || "workflow";
  return WINDOWS_DEVICE.test(base) ? `_${base}` : base;
}

/** RFC 5987 value characters: everything else percent-encoded (encodeURIComponent leaves '()*!). */
const encodeRfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*!]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition` of a workflow's download: an attachment named `<name>.weft.json`,
 * with an ASCII `filename` for old clients (other characters as `_`) and the full name in
 * `filename*` (UTF-8, RFC 6266).
 */
export function downloadDisposition(workflowName: string): string {
  const file = `${safeBaseName(workflowName)}${WORKFLOW_FILE_SUFFIX}`;
  const ascii = file.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(file)}`;
}
