/**
 * Bounds on what one .ods file may make the reader allocate. ODS compresses runs with repeat
 * attributes (`table:number-rows-repeated`, `table:number-columns-repeated`, `text:s
 * text:c`), so a few bytes of XML can ask for billions of cells or characters; these limits
 * turn such a file into a DataSourceError instead of an out-of-memory crash.
 */
export const ODS_LIMITS = {
  /** LibreOffice's and Excel's widest sheet (column XFD). Content past it is refused. */
  maxColumns: 16_384,
  /** Cells (empty ones inside the data included) a sheet may expand to: about 1M rows x 32 columns. */
  maxCells: 2 ** 25,
  /** Characters of text a sheet may expand to, counting each repeated cell again. */
  maxTextChars: 2 ** 28,
  /** Spaces one `<text:s text:c="N"/>` may add (Excel's limit on a cell's text). */
  maxSpaceRun: 32_767,
  /** Characters of one cell's text beyond which spaces from `text:s` are no longer added. */
  maxCellText: 2 ** 20,
} as const;
