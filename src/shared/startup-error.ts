/**
 * Thrown when a process cannot start for a reason that is not a setting (a native addon
 * missing, the port in use): the command line says why and exits with status 1.
 */
export class StartupError extends Error {
  override readonly name = "StartupError";
}
