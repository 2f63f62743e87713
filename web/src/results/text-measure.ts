/**
 * Widths of text in px as the grid draws it, measured on a canvas (no layout, about a
 * microsecond a call), with fonts taken from the page's CSS so they match the cells.
 */
export interface TextMeasure {
  cell(text: string): number;
  name(text: string): number;
  dtype(text: string): number;
}

export function createTextMeasure(el: Element = document.documentElement): TextMeasure {
  const ctx = document.createElement("canvas").getContext("2d");
  const style = getComputedStyle(el);
  const sans = style.fontFamily || "system-ui, sans-serif";
  const mono = style.getPropertyValue("--mono").trim() || "monospace";
  const widthIn = (font: string) => (text: string) => {
    if (!ctx) return text.length * 7.5;
    ctx.font = font;
    return ctx.measureText(text).width;
  };
  return { cell: widthIn(`13px ${sans}`), name: widthIn(`600 13px ${sans}`), dtype: widthIn(`11px ${mono}`) };
}
