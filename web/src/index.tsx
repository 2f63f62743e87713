import { render } from "solid-js/web";
import { App } from "./app";
import { createApiClient } from "./lib/api";
import { adoptTokenFromUrl, tabToken } from "./lib/tab-token";
import "./styles.css";

adoptTokenFromUrl();
// The Server that served this page, with the token this tab was given for it.
const api = createApiClient({ base: "/api", token: tabToken });
const root = document.getElementById("root");
if (root) render(() => <App api={api} />, root);
