/** Properties that decide where text wraps and how tall a line is. */
const COPIED = [
  "boxSizing",
  "width",
  "paddingTop",
  "paddingRight",
  "paddingBottom",
  "paddingLeft",
  "borderTopWidth",
  "borderRightWidth",
  "borderBottomWidth",
  "borderLeftWidth",
  "borderStyle",
  "fontFamily",
  "fontSize",
  "fontWeight",
  "fontStyle",
  "lineHeight",
  "letterSpacing",
  "tabSize",
  "textIndent",
  "wordSpacing",
] as const;

/**
 * Where a character of a textarea is drawn, relative to the textarea's top-left corner
 * (scrolling accounted for): a hidden copy with the same text layout is measured.
 */
export function caretCoordinates(
  area: HTMLTextAreaElement,
  index: number,
): { top: number; left: number; height: number } {
  const style = getComputedStyle(area);
  const mirror = document.createElement("div");
  for (const key of COPIED) mirror.style[key] = style[key];
  Object.assign(mirror.style, {
    position: "absolute",
    visibility: "hidden",
    top: "0",
    left: "-9999px",
    whiteSpace: "pre-wrap",
    overflowWrap: "break-word",
    overflow: "hidden",
  });
  mirror.textContent = area.value.slice(0, index);
  const marker = document.createElement("span");
  marker.textContent = area.value.slice(index) || ".";
  mirror.append(marker);
  document.body.append(mirror);
  const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.3;
  const at = {
    top: marker.offsetTop - area.scrollTop + area.offsetTop,
    left: marker.offsetLeft - area.scrollLeft + area.offsetLeft,
    height: lineHeight,
  };
  mirror.remove();
  return at;
}
