import { createContext, useContext } from "solid-js";
import type { ApiClient } from "./api";

const ApiContext = createContext<ApiClient>();

/** Hands the app's Server client to every component below (index.tsx makes it). */
export const ApiProvider = ApiContext.Provider;

/** The Server client of the app; only inside ApiProvider. */
export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error("useApi() outside <ApiProvider>");
  return api;
}
