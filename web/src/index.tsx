import { render } from "solid-js/web";
import { App } from "./app";
import { adoptTokenFromUrl } from "./lib/api";
import "./styles.css";

adoptTokenFromUrl();
const root = document.getElementById("root");
if (root) render(() => <App />, root);
