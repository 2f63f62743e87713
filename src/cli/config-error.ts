/** A setting or argument that keeps Weft from starting: printed as one line, exit status 2. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}
