/** Entry point: mounts the workbook app (the only module that touches `document` directly). */
import { render } from "solid-js/web";
import { App } from "./ui/components/App";
import "./ui/styles.css";

const root = document.getElementById("root");
if (root) render(() => <App />, root);
